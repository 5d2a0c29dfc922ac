package dev.dsh.host.tool;

import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the sources of several searches into one list: round-robin by rank (every query's first
 * source, then every query's second, ...), the first source seen for a url kept and later ones with
 * the same url dropped, cut to {@code cap}.
 *
 * @param sources the merged sources
 * @param truncated true when a search reported truncation or the cap dropped a source (duplicates
 *     do not count)
 */
record SourceMerge(List<WebSearchSource> sources, boolean truncated) {

  SourceMerge {
    sources = List.copyOf(sources);
  }

  static SourceMerge of(List<WebSearchResult> results, int cap) {
    Map<String, WebSearchSource> byUrl = new LinkedHashMap<>();
    boolean truncated = results.stream().anyMatch(WebSearchResult::truncated);
    int deepest = results.stream().mapToInt(r -> r.sources().size()).max().orElse(0);
    for (int rank = 0; rank < deepest; rank++) {
      for (WebSearchResult result : results) {
        if (rank >= result.sources().size()) {
          continue;
        }
        WebSearchSource source = result.sources().get(rank);
        if (byUrl.containsKey(source.url())) {
          continue;
        }
        if (byUrl.size() < cap) {
          byUrl.put(source.url(), source);
        } else {
          truncated = true;
        }
      }
    }
    return new SourceMerge(List.copyOf(byUrl.values()), truncated);
  }
}
