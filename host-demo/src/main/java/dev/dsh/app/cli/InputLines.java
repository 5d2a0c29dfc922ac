package dev.dsh.app.cli;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads {@code dsh run}'s input a line at a time, keeping at most {@link #MAX_CHARS} characters of
 * it (one endless line cannot fill the heap), and splits a line into words.
 */
final class InputLines {

  static final int MAX_CHARS = 64 * 1024;

  /** A line without its end: its first {@link #MAX_CHARS} characters and its full length. */
  record Line(String text, long length) {
    boolean tooLong() {
      return length > text.length();
    }
  }

  private final Reader in;
  private final char[] buffer = new char[8192];
  private int position;
  private int limit;

  InputLines(Reader in) {
    this.in = in;
  }

  @Nullable Line next() throws IOException {
    StringBuilder kept = new StringBuilder();
    long length = 0;
    boolean any = false;
    while (true) {
      if (position == limit) {
        int read = in.read(buffer);
        if (read < 0) {
          return any ? line(kept, length) : null; // a last line without a line end still counts
        }
        position = 0;
        limit = read;
        continue;
      }
      any = true;
      char c = buffer[position++];
      if (c == '\n') {
        return line(kept, length);
      }
      length++;
      if (kept.length() < MAX_CHARS) {
        kept.append(c);
      }
    }
  }

  private static Line line(StringBuilder kept, long length) {
    int end = kept.length();
    if (end > 0 && end == length && kept.charAt(end - 1) == '\r') {
      kept.setLength(end - 1);
      return new Line(kept.toString(), length - 1);
    }
    return new Line(kept.toString(), length);
  }

  /** {@code line}'s words: spaces separate, single or double quotes group. */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (!Character.isWhitespace(c)) {
        word.append(c);
        inWord = true;
      } else if (inWord) {
        words.add(word.toString());
        word.setLength(0);
        inWord = false;
      }
    }
    if (quote != 0) {
      throw new UsageException("unclosed quote in: " + UsageException.echo(line));
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
