package dev.dsh.serve;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Prometheus text scrape read into samples: {@code name{k="v",...}} (labels sorted by name) to
 * value. Comment lines are skipped.
 */
final class PromText {

  private static final Pattern SAMPLE =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  private PromText() {}

  static Map<String, Double> samples(String text) {
    Map<String, Double> samples = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches()) {
        throw new AssertionError("not a sample line: " + line);
      }
      Map<String, String> labels = new TreeMap<>();
      if (m.group(3) != null) {
        Matcher l = LABEL.matcher(m.group(3));
        while (l.find()) {
          labels.put(l.group(1), l.group(2));
        }
      }
      samples.put(key(m.group(1), labels), Double.parseDouble(m.group(4)));
    }
    return samples;
  }

  /** The key of a sample: {@code name} alone, or {@code name{a="1",b="2"}} with sorted labels. */
  static String key(String name, Map<String, String> labels) {
    if (labels.isEmpty()) {
      return name;
    }
    StringBuilder key = new StringBuilder(name).append('{');
    new TreeMap<>(labels).forEach((k, v) -> key.append(k).append("=\"").append(v).append("\","));
    key.setLength(key.length() - 1);
    return key.append('}').toString();
  }

  static String key(String name, String... labelPairs) {
    Map<String, String> labels = new TreeMap<>();
    for (int i = 0; i < labelPairs.length; i += 2) {
      labels.put(labelPairs[i], labelPairs[i + 1]);
    }
    return key(name, labels);
  }
}
