package dev.dsh.yuanbao;

import java.util.Random;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Hands a property test its {@link Seed} — {@code -Ddecoder.seed=N} when set, so a failure can be
 * replayed, else a fresh one — and names the seed on any failure of the test, timeouts included.
 */
final class Seeded implements ParameterResolver, TestExecutionExceptionHandler {

  static final String PROPERTY = "decoder.seed";

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(Seeded.class);

  /** The seed of one test; every generator draws from {@link #random(String)}. */
  record Seed(long value) {

    /** An independent stream per name, so one generator's draws never shift another's. */
    Random random(String stream) {
      return new Random(value * 31 + stream.hashCode());
    }

    String replay() {
      return "seed " + value + " (replay: -D" + PROPERTY + "=" + value + ")";
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Seed.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    String fixed = System.getProperty(PROPERTY);
    long value =
        fixed == null || fixed.isBlank() ? new Random().nextLong() : Long.parseLong(fixed.trim());
    Seed seed = new Seed(value);
    context.getStore(NAMESPACE).put(context.getUniqueId(), seed);
    return seed;
  }

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    Seed seed = context.getStore(NAMESPACE).get(context.getUniqueId(), Seed.class);
    if (seed == null || String.valueOf(thrown.getMessage()).contains(seed.replay())) {
      throw thrown;
    }
    AssertionError named =
        new AssertionError("failed with " + seed.replay() + ": " + thrown, thrown);
    throw named;
  }
}
