package dev.dsh.host.tool;

/** Told, one at a time, as each search of a tool call ends with a result: {@code done} of all. */
@FunctionalInterface
public interface SearchProgress {

  /** Reports nothing. */
  SearchProgress NONE = (done, total) -> {};

  void finished(int done, int total);
}
