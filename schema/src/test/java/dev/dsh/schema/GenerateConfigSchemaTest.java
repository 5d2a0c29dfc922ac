package dev.dsh.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateConfigSchemaTest {

  @TempDir Path dir;

  @Test
  void writesTheSchemaAndTheCatalogCreatingFolders() throws Exception {
    Path schema = dir.resolve("generated/nested/config.schema.json");
    Path catalog = dir.resolve("docs/config.md");

    GenerateConfigSchema.main(
        new String[] {SampleConfig.class.getName(), schema.toString(), catalog.toString()});

    assertThat(Files.readString(schema))
        .isEqualTo(new ConfigSchemaGenerator().generateText(SampleConfig.class));
    assertThat(Files.readString(catalog))
        .isEqualTo(ConfigCatalog.render(
            SampleConfig.class, new ConfigSchemaGenerator().generate(SampleConfig.class)));
    assertThat(dir.resolve("generated/nested/schemas/" + SampleConfig.class.getName() + ".schema.json"))
        .as("the copy a host finds by class name")
        .hasContent(Files.readString(schema));
  }

  @Test
  void embedWritesEachClassCopyUnderItsResourceName() throws Exception {
    Path classes = dir.resolve("classes");

    GenerateConfigSchema.main(
        new String[] {"--embed", classes.toString(), SampleConfig.class.getName()});

    assertThat(classes.resolve("META-INF/dsh/schemas/" + SampleConfig.class.getName() + ".schema.json"))
        .hasContent(new ConfigSchemaGenerator().generateText(SampleConfig.class));
  }

  @Test
  void embedWithoutAClassShowsItsUsage() {
    assertThatThrownBy(
            () -> GenerateConfigSchema.main(new String[] {"--embed", dir.toString()}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("usage: GenerateConfigSchema --embed <classes-dir>");
  }

  @Test
  void aClassMissingFromTheContextClassPathIsReportedByName() {
    assertThatThrownBy(
            () -> GenerateConfigSchema.main(
                new String[] {"dev.dsh.NoSuchConfig", dir.resolve("a.json").toString(),
                    dir.resolve("a.md").toString()}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dev.dsh.NoSuchConfig");
    assertThat(dir.resolve("a.json")).doesNotExist();
  }

  @Test
  void wrongArgumentCountShowsUsage() {
    assertThatThrownBy(() -> GenerateConfigSchema.main(new String[] {"only.one"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("usage: GenerateConfigSchema <config-class-fqcn>");
  }
}
