package dev.dsh.host.tool;

/**
 * Told as each search of one {@link WebSearchTool} call ends with a result (the MCP server sends
 * {@code notifications/progress}): once per such search, one call at a time, {@code done} of
 * {@code total} rising by one; never for a failed search.
 */
@FunctionalInterface
public interface SearchProgress {

  /** Reports nothing. */
  SearchProgress NONE = (done, total) -> {};

  void finished(int done, int total);
}
