package dev.dsh.host.tool;

/**
 * Told as the searches of one {@link WebSearchTool} call end with a result, so a caller can report
 * progress (the MCP server sends {@code notifications/progress}).
 */
@FunctionalInterface
public interface SearchProgress {

  /** Reports nothing. */
  SearchProgress NONE = (done, total) -> {};

  /**
   * {@code done} of the call's {@code total} searches have ended with a result. Called once per
   * such search, one call at a time, {@code done} rising by one; never for a failed search.
   */
  void finished(int done, int total);
}
