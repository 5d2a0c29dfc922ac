package dev.dsh.api;

import java.util.List;
import java.util.stream.Collectors;

/** A config that does not match its schema: every violation, one per line of the message. */
public class ConfigException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final List<ConfigViolation> violations;

  /** @param subject what was validated, such as a row id; {@code violations} at least one */
  public ConfigException(String subject, List<ConfigViolation> violations) {
    super(render(subject, violations));
    if (violations.isEmpty()) {
      throw new IllegalArgumentException("a ConfigException needs at least one violation");
    }
    this.violations = List.copyOf(violations);
  }

  /** Every violation, in document order where known. */
  public List<ConfigViolation> violations() {
    return violations;
  }

  private static String render(String subject, List<ConfigViolation> violations) {
    return "invalid config for " + subject + ":\n"
        + violations.stream().map(v -> "  " + v).collect(Collectors.joining("\n"));
  }
}
