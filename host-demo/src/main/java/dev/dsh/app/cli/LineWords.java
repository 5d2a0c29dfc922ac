package dev.dsh.app.cli;

import java.util.ArrayList;
import java.util.List;

/** Splits a {@code dsh run} input line into words: spaces separate, quotes group. */
final class LineWords {

  private LineWords() {}

  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new UsageException("unclosed quote in: " + Echo.cut(line));
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
