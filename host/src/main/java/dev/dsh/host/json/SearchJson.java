package dev.dsh.host.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A search's result as every door's JSON gives it; absent fields are left out. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchJson(@Nullable String provider, boolean truncated, @Nullable Integer dropped,
    @Nullable String content, List<WebSearchSource> sources) {

  /** The form of {@code result}. */
  public static SearchJson of(WebSearchResult result) {
    return new SearchJson(result.provider(), result.truncated(),
        result.dropped() > 0 ? result.dropped() : null, result.content(), result.sources());
  }

  /** Only {@code sources} and {@code truncated}: a tool's merged sources. */
  public static SearchJson of(List<WebSearchSource> sources, boolean truncated) {
    return new SearchJson(null, truncated, null, null, sources);
  }

  /** This form as one line of JSON. */
  public String toJson() {
    return Json.MAPPER.writeValueAsString(this);
  }
}
