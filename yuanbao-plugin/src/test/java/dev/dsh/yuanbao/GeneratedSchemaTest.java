package dev.dsh.yuanbao;

import static java.nio.file.StandardCopyOption.REPLACE_EXISTING;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.schema.GenerateConfigSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated config schema and catalog (docs/yuanbao.md): the committed
 * copies under {@code schema/generated/} must equal what the build generates from {@link
 * YuanbaoConfig}, byte for byte, so a change to the config class that is not committed alongside
 * its generated files fails the build.
 *
 * <p>To refresh the committed copies after changing {@link YuanbaoConfig}, run the build with
 * {@code -Ddsh.schema.refresh=true}: this class then first writes the freshly generated files over
 * the committed ones (and passes), to be reviewed and committed.
 */
class GeneratedSchemaTest {

  static final String SCHEMA = "dsh-web-search-yuanbao.config.schema.json";
  static final String CATALOG = "dsh-web-search-yuanbao.config.md";

  /**
   * The committed folder: the build passes it; from inside the module it is ../schema/generated.
   */
  static Path committedDir() {
    String dir = System.getProperty("dsh.schema.generated");
    return dir != null ? Path.of(dir) : Path.of("..", "schema", "generated");
  }

  private static Path buildOutput(String property, Path fallback) {
    String path = System.getProperty(property);
    return path != null ? Path.of(path) : fallback;
  }

  /** Writes the schema and catalog of {@link YuanbaoConfig} into {@code dir}. */
  private static void generateInto(Path dir) throws IOException {
    GenerateConfigSchema.main(
        new String[] {
          YuanbaoConfig.class.getName(),
          dir.resolve(SCHEMA).toString(),
          dir.resolve(CATALOG).toString()
        });
  }

  /**
   * With {@code -Ddsh.schema.refresh=true}, rewrites the committed copies before any test here
   * compares against them.
   */
  @BeforeAll
  static void refreshWhenAsked(@TempDir Path temp) throws IOException {
    if (!Boolean.getBoolean("dsh.schema.refresh")) {
      return;
    }
    generateInto(temp);
    Files.createDirectories(committedDir());
    for (String name : new String[] {SCHEMA, CATALOG}) {
      Files.copy(temp.resolve(name), committedDir().resolve(name), REPLACE_EXISTING);
    }
  }

  @Test
  void theCommittedSchemaAndCatalogEqualTheGeneratedOnes(@TempDir Path temp) throws IOException {
    generateInto(temp);

    assertSameBytes(temp.resolve(SCHEMA), committedDir().resolve(SCHEMA));
    assertSameBytes(temp.resolve(CATALOG), committedDir().resolve(CATALOG));
  }

  @Test
  void theBuildEmbedsTheCommittedSchemaAndWritesTheCommittedCatalog() throws IOException {
    // What exec-maven-plugin generated at process-classes: the schema goes into the jar.
    assertSameBytes(
        buildOutput("dsh.schema.built", Path.of("target/classes/META-INF/dsh/config.schema.json")),
        committedDir().resolve(SCHEMA));
    assertSameBytes(
        buildOutput("dsh.catalog.built", Path.of("target/generated-catalog", CATALOG)),
        committedDir().resolve(CATALOG));
  }

  @Test
  void theCatalogDocumentsEveryFieldOfTheConfig() throws IOException {
    Map<String, String> rows = rows(Files.readString(committedDir().resolve(CATALOG)));

    assertThat(rows)
        .containsOnlyKeys(
            "apiKey", "apiKeyEnv", "baseURL", "count", "mode", "industry", "maxConcurrentSearches");
    assertThat(rows.get("mode"))
        .contains("| `\"natural\"` | `\"natural\"`, `\"vertical\"`, `\"mixed\"` |")
        .contains("standard or premium");
    assertThat(rows.get("industry"))
        .contains("| — | `\"gov\"`, `\"news\"`, `\"acad\"`, `\"finance\"` |")
        .contains("premium or flagship");
    assertThat(rows.get("maxConcurrentSearches")).contains("| integer | no | `8` | `1` … `64` |");
    assertThat(rows.get("apiKey"))
        .contains("| string (credential) | no | — | — | yes | no |")
        .contains(
            "Literal key; secret (redacted everywhere); wins over `apiKeyEnv` when non-empty.");
    assertThat(rows.get("apiKeyEnv"))
        .contains("| `\"TENCENTCLOUD_WSA_APIKEY\"` |")
        .contains("| no | yes |")
        .contains("Credential reference resolved on every search");
    assertThat(rows.get("baseURL"))
        .contains("| string (uri) |")
        .contains("| `\"https://api.wsa.cloud.tencent.com\"` |")
        .contains("`/SearchPro` is appended")
        .contains("the schema rejects what is not a URI (the scope fails)")
        .contains("(`ftp://…`, `mailto:…`) makes the provider unavailable");
    assertThat(rows.get("count"))
        .contains("| integer |")
        .contains("| `10` | `10`, `20`, `30`, `40`, `50` |")
        .contains("when the request has no `maxResults`")
        .contains("anything else fails the scope, with a violation at `/count`");
  }

  /** The catalog's table rows by field name. */
  private static Map<String, String> rows(String catalog) {
    List<String> lines = catalog.lines().filter(l -> l.startsWith("| `")).toList();
    Map<String, String> rows = new java.util.LinkedHashMap<>();
    for (String line : lines) {
      String field = line.substring(3, line.indexOf('`', 3));
      rows.put(field, line);
    }
    return rows;
  }

  private static void assertSameBytes(Path fresh, Path committed) throws IOException {
    assertThat(committed)
        .withFailMessage(
            "%s is missing; generate it with 'mvn -pl yuanbao-plugin -am verify"
                + " -Ddsh.schema.refresh=true' and commit it",
            committed.normalize())
        .exists();
    assertThat(Files.mismatch(fresh, committed))
        .withFailMessage(
            "%s differs from the file generated from YuanbaoConfig (%s);"
                + " refresh it with 'mvn -pl yuanbao-plugin -am verify -Ddsh.schema.refresh=true'"
                + " (or copy the generated file over it), review the diff and commit it",
            committed.normalize(), fresh)
        .isEqualTo(-1L);
  }
}
