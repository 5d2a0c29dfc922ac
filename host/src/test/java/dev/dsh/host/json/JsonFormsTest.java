package dev.dsh.host.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonFormsTest {

  @Test
  void aResultLeavesOutWhatIsAbsent() {
    WebSearchResult result = new WebSearchResult("yuanbao", null, List.of(
        new WebSearchSource("https://a.example/", "A", "a", "2026-01-02T03:04:05+08:00"),
        new WebSearchSource("https://b.example/", null, "b", null)), true, 2);
    assertThat(SearchJson.of(result).toJson()).isEqualTo("{\"provider\":\"yuanbao\","
        + "\"truncated\":true,\"dropped\":2,\"sources\":[{\"url\":\"https://a.example/\","
        + "\"title\":\"A\",\"snippet\":\"a\",\"publishedAt\":\"2026-01-02T03:04:05+08:00\"},"
        + "{\"url\":\"https://b.example/\",\"snippet\":\"b\"}]}");
    assertThat(SearchJson.of(List.of(), false).toJson())
        .isEqualTo("{\"truncated\":false,\"sources\":[]}");
  }

  @Test
  void anErrorCarriesItsCodeMessageAndWhatTheProviderReported() {
    assertThat(ErrorJson.of("UNAUTHORIZED", "no bearer token").toJson())
        .isEqualTo("{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":\"no bearer token\"}}");
    WebError error = new WebError("WEB_PROVIDER_ERROR", "quota", null).withUpstream(429, null);
    assertThat(ErrorJson.of(error).toJson()).isEqualTo("{\"error\":{\"code\":"
        + "\"WEB_PROVIDER_ERROR\",\"message\":\"quota\",\"upstreamStatus\":429}}");
  }
}
