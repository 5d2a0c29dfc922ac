package dev.dsh.host.internal.plugins;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Small hostile plugin jars for the host tests: each inserts one row, whose id is the plugin id,
 * through its bundle, and does one bad thing in {@code apply}.
 */
public final class AdversarialPlugins {

  /** The name of the thread {@link #leakyThread} starts and never stops. */
  public static final String LEAKY_THREAD = "adv-leaky-thread";

  private AdversarialPlugins() {}

  /** {@code adv-sleep}: {@code apply} sleeps for a minute. */
  public static Path sleeping(Path workDir, Path target) throws IOException {
    return build(workDir, target, "adv-sleep", "try { Thread.sleep(60_000); } catch (InterruptedException e) { }");
  }

  /** {@code adv-throw}: {@code apply} throws {@code IllegalStateException("boom in apply")}. */
  public static Path throwing(Path workDir, Path target) throws IOException {
    return build(workDir, target, "adv-throw", "throw new IllegalStateException(\"boom in apply\");");
  }

  /** {@code adv-exit}: {@code apply} calls {@code System.exit(0)}. */
  public static Path exiting(Path workDir, Path target) throws IOException {
    return build(workDir, target, "adv-exit", "System.exit(0);");
  }

  /**
   * {@code adv-thread}: {@code apply} starts a non-daemon thread named {@value #LEAKY_THREAD} that
   * runs until interrupted, and registers nothing that would stop it.
   */
  public static Path leakyThread(Path workDir, Path target) throws IOException {
    return build(
        workDir,
        target,
        "adv-thread",
        "Thread t = new Thread(() -> { try { while (true) { Thread.sleep(50); } }"
            + " catch (InterruptedException e) { } }, \"" + LEAKY_THREAD + "\");"
            + " t.setDaemon(false); t.start();");
  }

  private static Path build(Path workDir, Path target, String id, String applyBody)
      throws IOException {
    String pkg = "test." + id.replaceAll("[^A-Za-z0-9]", "");
    return TestPluginJars.bare(workDir)
        .manifest("Plugin-Id", id)
        .manifest("Plugin-Version", "1.0.0")
        .manifest("Plugin-Requires", ">=0.1.0")
        .source(
            pkg + ".Entry",
            "package " + pkg + ";\n"
                + "@org.pf4j.Extension\n"
                + "public class Entry implements dev.dsh.api.Plugin, org.pf4j.ExtensionPoint {\n"
                + "  public String name() { return \"" + id + "\"; }\n"
                + "  public void apply(dev.dsh.api.Context ctx, dev.dsh.api.Config config) {\n"
                + "    " + applyBody + "\n"
                + "  }\n"
                + "}\n")
        .resource("META-INF/dsh/cordis.patch.yml", "- insert: [{id: " + id + ", name: " + id + "}]\n")
        .buildTo(target);
  }
}
