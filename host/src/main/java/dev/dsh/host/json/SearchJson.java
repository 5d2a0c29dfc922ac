package dev.dsh.host.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A search's result as every door's JSON gives it; absent fields are left out. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchJson(@Nullable String provider, boolean truncated, @Nullable Integer dropped,
    @Nullable String content, List<Source> sources) {

  /** One source. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Source(
      String url, @Nullable String title, @Nullable String snippet, @Nullable String publishedAt) {}

  /** The form of {@code result}. */
  public static SearchJson of(WebSearchResult result) {
    return new SearchJson(result.provider(), result.truncated(),
        result.dropped() > 0 ? result.dropped() : null, result.content(), sources(result.sources()));
  }

  /** Only {@code sources} and {@code truncated}: a tool's merged sources. */
  public static SearchJson of(List<WebSearchSource> sources, boolean truncated) {
    return new SearchJson(null, truncated, null, null, sources(sources));
  }

  /** This form as one line of JSON. */
  public String toJson() {
    return Json.MAPPER.writeValueAsString(this);
  }

  private static List<Source> sources(List<WebSearchSource> sources) {
    return sources.stream()
        .map(s -> new Source(s.url(), s.title(), s.snippet(), s.publishedAt())).toList();
  }
}
