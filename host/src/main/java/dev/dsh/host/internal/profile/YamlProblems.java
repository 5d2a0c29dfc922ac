package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlVersionException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;

/**
 * The error for a YAML text that does not read, from either reader of profile files (Jackson's
 * {@link YamlDocuments#MAPPER}, snakeyaml-engine's {@code Compose} in {@link YamlSpans}), in words
 * a user can act on. Never the text itself (it may hold a secret) and never Java: the parsers'
 * messages may append a source excerpt, quote a value ("Malformed numeric value 'sk-…"), or name a
 * class or a setting ("(java.lang.NumberFormatException)", "`FAIL_ON_TRAILING_TOKENS`").
 */
final class YamlProblems {

  private YamlProblems() {}

  /**
   * {@code <file>: line l, column c: broken YAML: <problem>}, without the line and column when the
   * parser gave none.
   *
   * @param e what Jackson or snakeyaml-engine threw for the text
   */
  static ProfileException refused(String file, RuntimeException e) {
    int line = -1;
    int column = -1;
    if (e instanceof JacksonException jackson && jackson.getLocation() != null) {
      TokenStreamLocation location = jackson.getLocation();
      line = location.getLineNr();
      column = location.getColumnNr();
    } else if (e instanceof MarkedYamlEngineException marked
        && marked.getProblemMark().isPresent()) {
      line = marked.getProblemMark().get().getLine() + 1; // snakeyaml counts from 0
      column = marked.getProblemMark().get().getColumn() + 1;
    }
    String where = line < 1 ? "" : "line " + line + ", column " + column + ": ";
    return new ProfileException(file + ": " + where + "broken YAML: " + describe(e));
  }

  private static String describe(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarkedYamlEngineException marked) {
        String context = marked.getContext();
        return context == null || context.isBlank()
            ? marked.getProblem()
            : context + ": " + marked.getProblem();
      }
      if (t instanceof ReaderException reader) {
        return String.format("character U+%04X is not allowed in YAML; remove it",
            reader.getCodePoint());
      }
      if (t instanceof YamlVersionException) {
        return "unsupported %YAML version; write %YAML 1.2 or leave the directive out";
      }
    }
    // The parsers' own messages: only those that quote no value and name no Java are kept.
    String message = e instanceof JacksonException jackson
        ? String.valueOf(jackson.getOriginalMessage())
        : String.valueOf(e.getMessage());
    if (e instanceof StreamConstraintsException) {
      // "Document nesting depth (501) exceeds the maximum allowed (500, from `StreamReadC…`)"
      return message.replaceAll(", from `[^`]*`", "");
    }
    if (e instanceof YamlEngineException && message.startsWith("Number of aliases")) {
      return "too many aliases (*name) of lists and mappings; write the values out";
    }
    if (message.startsWith("Duplicate Object property")) {
      return message.lines().findFirst().orElse(message); // names the key: never a secret
    }
    if (message.startsWith("Trailing token")) {
      return "a second document follows the first; a file holds one YAML document";
    }
    if (message.startsWith("Expected a property name")
        || message.startsWith("Non scalar key")) {
      return "a key must be a plain value, not a list or a mapping";
    }
    if (message.startsWith("Malformed")) { // "Malformed Number token", "Malformed numeric value"
      return "a value is not the number its tag (!!int, !!float) or escape says it is";
    }
    if (message.contains("base64")) {
      return "a binary (!!binary) value is not allowed; write plain data (a string, number,"
          + " boolean, list or mapping)";
    }
    return "the text does not read as plain data (strings, numbers, booleans, lists and"
        + " mappings)";
  }
}
