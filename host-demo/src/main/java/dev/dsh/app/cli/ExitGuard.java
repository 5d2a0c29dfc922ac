package dev.dsh.app.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import sun.misc.Signal;

/**
 * Tells dsh's own exits ({@link #exit}, and {@code SIGTERM}, {@code SIGINT}, {@code SIGHUP} as the
 * JVM would, 128 + the number) from any other: a plugin's {@code System.exit} cannot be stopped on
 * Java 17, so a shutdown hook finding no mark prints {@link #FOREIGN_EXIT} and halts with 1.
 */
final class ExitGuard {

  static final String FOREIGN_EXIT =
      "dsh: the JVM was asked to exit by code other than dsh (a plugin calling System.exit?)";

  private static volatile boolean expected;
  private static final AtomicReference<@Nullable Runnable> nextStop = new AtomicReference<>();

  private ExitGuard() {}

  /** Once, before any plugin is loaded. */
  static void install(PrintStream err) {
    for (String name : List.of("TERM", "INT", "HUP")) {
      try {
        Signal.handle(new Signal(name), ExitGuard::onSignal);
      } catch (IllegalArgumentException e) {
        // the JVM does not let this signal be handled here (-Xrs): it then ends the process
        // without running shutdown hooks, so the hook cannot mistake it for a plugin's exit
      }
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      if (!expected) {
        err.println(FOREIGN_EXIT);
        err.flush();
        Runtime.getRuntime().halt(ExitCodes.INTERNAL);
      }
    }, "dsh-exit-guard"));
  }

  /**
   * The next {@code SIGTERM} or {@code SIGINT} runs {@code hook} instead of exiting (null: exits
   * again), so a command can drain first ({@code dsh serve}); the one after exits as before.
   */
  static void onNextStopSignal(@Nullable Runnable hook) {
    nextStop.set(hook);
  }

  private static void onSignal(Signal signal) {
    Runnable hook = signal.getName().equals("HUP") ? null : nextStop.getAndSet(null);
    if (hook != null) {
      hook.run();
    } else {
      exit(128 + signal.getNumber());
    }
  }

  static void exit(int status) {
    expected = true;
    System.exit(status);
  }
}
