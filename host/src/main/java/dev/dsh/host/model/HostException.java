package dev.dsh.host.model;

import java.util.List;

/**
 * The host could not reach a state where it serves: the profile did not compose, a row names a
 * plugin that is not installed, or a row's scope failed. Lists every problem, one per line.
 */
public final class HostException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public HostException(List<String> problems) {
    super(String.join("\n", problems));
    this.problems = List.copyOf(problems);
  }

  /** Every problem found, one line each. */
  public List<String> problems() {
    return problems;
  }
}
