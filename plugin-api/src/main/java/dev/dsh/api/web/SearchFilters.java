package dev.dsh.api.web;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The provider-neutral filters of one search, each optional: the one domain to search within, the
 * domains to leave out (in order, without duplicates), how recent the pages must be.
 */
public record SearchFilters(
    @Nullable String site, List<String> excludeSites, @Nullable Freshness freshness) {

  /** The most domains {@link #excludeSites()} may hold. */
  public static final int MAX_EXCLUDED_SITES = 20;

  /** No filter at all. */
  public static final SearchFilters NONE = new SearchFilters(null, List.of(), null);

  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");

  /** @throws IllegalArgumentException naming the field that holds a bad value */
  public SearchFilters {
    site = site == null ? null : domain("site", site);
    Objects.requireNonNull(excludeSites, "excludeSites");
    if (excludeSites.size() > MAX_EXCLUDED_SITES) {
      throw new IllegalArgumentException(
          "excludeSites holds at most " + MAX_EXCLUDED_SITES + " domains, got " + excludeSites.size());
    }
    excludeSites = excludeSites.stream()
        .map(d -> domain("excludeSites", Objects.requireNonNull(d, "excludeSites entry")))
        .distinct().toList();
  }

  /** The filters that are set, in declaration order of {@link SearchFilter}. */
  public Set<SearchFilter> used() {
    Set<SearchFilter> used = EnumSet.noneOf(SearchFilter.class);
    if (site != null) {
      used.add(SearchFilter.SITE);
    }
    if (!excludeSites.isEmpty()) {
      used.add(SearchFilter.EXCLUDE_SITES);
    }
    if (freshness != null) {
      used.add(SearchFilter.FRESHNESS);
    }
    return used;
  }

  private static String domain(String field, String value) {
    String domain = value.trim().toLowerCase(Locale.ROOT);
    boolean valid = !domain.isEmpty() && domain.length() <= 253;
    for (String label : domain.split("\\.", -1)) {
      valid &= LABEL.matcher(label).matches();
    }
    if (!valid) {
      throw new IllegalArgumentException(field + " must be a domain such as www.example.com"
          + " (letters, digits, hyphens and dots; no scheme, port or path), was \""
          + (value.length() > 100 ? value.substring(0, 100) + "…" : value) + "\"");
    }
    return domain;
  }
}
