package dev.dsh.host.tool;

/**
 * Told as the searches of one {@link WebSearchTool} call finish, so a caller can report progress
 * (the MCP server sends it as {@code notifications/progress}).
 */
@FunctionalInterface
public interface SearchProgress {

  /** Reports nothing. */
  SearchProgress NONE = (done, total) -> {};

  /**
   * One more search of the call ended with a result: {@code done} of the call's {@code total}
   * queries have. Called once per such search, one call at a time, {@code done} rising by one each
   * time; never for a search that failed.
   */
  void finished(int done, int total);
}
