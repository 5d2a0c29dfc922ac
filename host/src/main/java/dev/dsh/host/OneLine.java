package dev.dsh.host;

import java.util.List;

/**
 * Folds a message onto one line for the event sink, where every report is one line ({@code dsh
 * run}'s stderr is read line by line): the first line, then the others joined with {@code "; "}.
 */
final class OneLine {

  private OneLine() {}

  static String of(String message) {
    List<String> lines = message.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    if (lines.size() <= 1) {
      return lines.isEmpty() ? "" : lines.get(0);
    }
    return lines.get(0) + " " + String.join("; ", lines.subList(1, lines.size()));
  }
}
