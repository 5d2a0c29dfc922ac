package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.web.WebSearchSource;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A title or snippet that is blank once cleaned counts as missing. */
class BlankTextTest {

  private static List<WebSearchSource> read(String passage) {
    String body =
        "{\"Response\":{\"Pages\":[{\"url\":\"https://a.example/\",\"title\":"
            + quoted(passage)
            + ",\"passage\":"
            + quoted(passage)
            + "},{\"url\":\"https://b.example/\",\"passage\":\"kept\"}]}}";
    return AnswerReader.read(new Failures(), 200, null, body.getBytes(StandardCharsets.UTF_8))
        .sources();
  }

  private static String quoted(String s) {
    return tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(s);
  }

  @ParameterizedTest
  @ValueSource(strings = {"\u2003\u00AD", "<b>\u2003</b>", "\u3000<i></i>\u2003", "&emsp;"})
  void pageWhoseSnippetCleansToBlankIsDropped(String passage) {
    assertThat(read(passage))
        .extracting(WebSearchSource::url, WebSearchSource::snippet)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("https://b.example/", "kept"));
  }
}
