package dev.dsh.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs a newcomer reads stay short and plain: the README, the manual in {@code docs/},
 * BENCHMARKS.md and CHANGELOG.md, read from the repository root beside this module.
 *
 * <p>How a sentence is counted: fenced code blocks, table rows, headings, images and indented
 * blocks are left out; a blank line and the start of a list item end a sentence; an inline code
 * span counts as one word and a link as its text; a sentence ends at {@code .}, {@code !} or
 * {@code ?} followed by white space or the end of its paragraph (so {@code ;} does not end one);
 * a word is a run without white space holding a letter or a digit.
 */
class DocsShapeTest {

  private static final Path ROOT = Path.of(System.getProperty("dsh.test.readme")).getParent();

  private static final int PAGE_LINES = 250;
  private static final int ARCHITECTURE_LINES = 400;
  private static final int P90_WORDS = 35;

  /** An issue cited by number: the word issue and a number, or a hash and a number on its own. */
  private static final Pattern ISSUE_NUMBER =
      Pattern.compile("(?i)\\bissues?\\s+#?\\d+|(?<![\\w&/#])#\\d+\\b");

  /** An issue cited by number in a source or a comment: the word issue and a number. */
  private static final Pattern ISSUE_IN_SOURCE = Pattern.compile("(?i)\\bissues?\\s+#?\\d+");

  private static final Set<String> SOURCE_ENDINGS =
      Set.of(".java", ".sh", ".xml", ".mjs", ".js", ".yml", ".yaml", ".properties", ".py", ".md");

  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
  private static final Pattern LINK_TEXT = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?](?=\\s|$)");
  private static final Pattern LIST_ITEM = Pattern.compile("^\\s*(?:[-*]|\\d+\\.)\\s+");
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]");

  @Test
  void theReadmeAndEachPageFitTheirLineBudgets() throws IOException {
    assertThat(lines(ROOT.resolve("README.md"))).as("README.md lines")
        .isLessThanOrEqualTo(PAGE_LINES);
    assertThat(lines(ROOT.resolve("BENCHMARKS.md"))).as("BENCHMARKS.md lines")
        .isLessThanOrEqualTo(PAGE_LINES);
    assertThat(ROOT.resolve("CHANGELOG.md")).isRegularFile();
    for (Path page : manual()) {
      int budget = page.endsWith("ARCHITECTURE.md") ? ARCHITECTURE_LINES : PAGE_LINES;
      assertThat(lines(page)).as(ROOT.relativize(page) + " lines").isLessThanOrEqualTo(budget);
    }
  }

  @Test
  void nineInTenSentencesOfTheReadmeAndTheManualHaveAtMost35Words() throws IOException {
    List<String> sentences = new ArrayList<>();
    for (Path page : readmeAndManual()) {
      sentences.addAll(sentences(Files.readString(page)));
    }
    List<String> bySize =
        sentences.stream().sorted(Comparator.comparingInt(DocsShapeTest::words)).toList();
    String p90 = bySize.get((int) Math.ceil(0.9 * bySize.size()) - 1);
    assertThat(words(p90))
        .as("the 90th-percentile sentence of %d: %s", bySize.size(), p90)
        .isLessThanOrEqualTo(P90_WORDS);
  }

  @Test
  void theSentenceCountFollowsTheStatedRule() {
    String page = "# A heading. Not counted.\n\nOne two `three four` [five](x.md). Six; seven!\n"
        + "- an item\n- another item\n\n| a table. | row. |\n\n```sh\ncode. here.\n```\n";
    assertThat(sentences(page).stream().map(DocsShapeTest::words).toList())
        .containsExactly(4, 2, 2, 2);
  }

  @Test
  void theDocsCiteNoIssueByNumber() throws IOException {
    List<Path> pages = new ArrayList<>(readmeAndManual());
    pages.add(ROOT.resolve("BENCHMARKS.md"));
    pages.add(ROOT.resolve("CHANGELOG.md"));
    for (Path page : pages) {
      assertThat(matches(ISSUE_NUMBER, Files.readString(page))).as(page.getFileName().toString())
          .isEmpty();
    }
  }

  @Test
  void noSourceCitesAnIssueByNumber() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : sources()) {
      try {
        for (String hit : matches(ISSUE_IN_SOURCE, Files.readString(file))) {
          found.add(ROOT.relativize(file) + ": " + hit);
        }
      } catch (MalformedInputException binary) {
        // not text: nothing to cite in
      }
    }
    assertThat(found).isEmpty();
  }

  @Test
  void everyJavaLineInTheDocsComesFromATestedExample() throws IOException {
    String examples = examplesSource();
    for (Path page : readmeAndManual()) {
      Matcher block = JAVA_BLOCK.matcher(Files.readString(page));
      while (block.find()) {
        if (block.group(1).contains("class ")) {
          continue; // a whole example: its own test compares it with the source
        }
        for (String line : block.group(1).split("\n")) {
          assertThat(examples).as("%s quotes a line no example holds", page.getFileName())
              .contains(line.strip().replaceAll("\\s+", " "));
        }
      }
    }
  }

  @Test
  void everyRelativeLinkOfTheDocsLeadsToAFile() throws IOException {
    List<Path> pages = new ArrayList<>(readmeAndManual());
    pages.add(ROOT.resolve("BENCHMARKS.md"));
    pages.add(ROOT.resolve("CHANGELOG.md"));
    for (Path page : pages) {
      Matcher link = LINK.matcher(Files.readString(page));
      while (link.find()) {
        String target = link.group(1).replaceFirst("#.*", "");
        if (target.isEmpty() || target.matches("[a-z]+:.*")) {
          continue;
        }
        assertThat(page.resolveSibling(target)).as("a link of " + page.getFileName()).exists();
      }
    }
  }

  /** The sentences of a Markdown page, by the rule in this class's comment. */
  static List<String> sentences(String page) {
    List<String> paragraphs = new ArrayList<>();
    StringBuilder paragraph = new StringBuilder();
    boolean fenced = false;
    for (String line : page.split("\n", -1)) {
      String text = line.strip();
      if (text.startsWith("```")) {
        fenced = !fenced;
        flush(paragraphs, paragraph);
        continue;
      }
      if (fenced || text.isEmpty() || text.startsWith("|") || text.startsWith("#")
          || text.startsWith("![") || (line.startsWith("    ") && paragraph.isEmpty())) {
        flush(paragraphs, paragraph);
        continue;
      }
      Matcher item = LIST_ITEM.matcher(line);
      if (item.find()) {
        flush(paragraphs, paragraph);
        text = line.substring(item.end()).strip();
      }
      paragraph.append(text).append(' ');
    }
    flush(paragraphs, paragraph);
    List<String> sentences = new ArrayList<>();
    for (String text : paragraphs) {
      String plain = LINK_TEXT.matcher(CODE_SPAN.matcher(text).replaceAll("C")).replaceAll("$1");
      for (String sentence : SENTENCE_END.split(plain)) {
        if (words(sentence) > 0) {
          sentences.add(sentence.strip());
        }
      }
    }
    return sentences;
  }

  private static void flush(List<String> paragraphs, StringBuilder paragraph) {
    if (!paragraph.isEmpty()) {
      paragraphs.add(paragraph.toString());
      paragraph.setLength(0);
    }
  }

  private static int words(String sentence) {
    int words = 0;
    for (String token : sentence.split("\\s+")) {
      if (WORD.matcher(token).find()) {
        words++;
      }
    }
    return words;
  }

  private static List<String> matches(Pattern pattern, String text) {
    List<String> hits = new ArrayList<>();
    Matcher matcher = pattern.matcher(text);
    while (matcher.find()) {
      hits.add(matcher.group());
    }
    return hits;
  }

  private static int lines(Path file) throws IOException {
    return Files.readAllLines(file).size();
  }

  private static List<Path> manual() throws IOException {
    try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
      return pages.filter(page -> page.toString().endsWith(".md")).sorted().toList();
    }
  }

  private static List<Path> readmeAndManual() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    pages.addAll(manual());
    return pages;
  }

  /** Every example the tests run, whitespace runs folded into one space. */
  private static String examplesSource() throws IOException {
    List<Path> examples = sources().stream()
        .filter(file -> file.toString().replace('\\', '/').contains("/test/java/dev/dsh/examples/"))
        .filter(file -> file.toString().endsWith("Example.java"))
        .toList();
    assertThat(examples).isNotEmpty();
    StringBuilder all = new StringBuilder();
    for (Path example : examples) {
      all.append(Files.readString(example).replaceAll("\\s+", " ")).append('\n');
    }
    return all.toString();
  }

  /** The repository's own text files: no build output, no installed packages, no git data. */
  private static List<Path> sources() throws IOException {
    List<Path> sources = new ArrayList<>();
    Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
        String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
        return Set.of("target", "node_modules", ".git", "bench-results").contains(name)
            ? FileVisitResult.SKIP_SUBTREE
            : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
        String name = file.getFileName().toString();
        if (attributes.isRegularFile() && SOURCE_ENDINGS.stream().anyMatch(name::endsWith)) {
          sources.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    return sources;
  }
}
