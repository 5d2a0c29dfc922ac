package dev.dsh.app.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * (f) Client CPU per search, measured beside the peer to beat: the stub ({@link DelayStubMain}, no
 * hold) in a process of its own on CPU 1, and each client ({@link ClientCpuRun}) in a JVM of its
 * own pinned with {@code taskset} and {@code -XX:+UseSerialGC -Xms512m -Xmx512m}, no other flag:
 * c=8 on CPU 0, then c=1 on CPU 0 and on CPUs 0 and 1. Needs Linux's {@code taskset} and 2 CPUs.
 *
 * <p>Arguments: rounds, warm-up seconds, measured seconds (default 3, 10, 10).
 */
public final class ClientCpuMain {

  private ClientCpuMain() {}

  public static void main(String[] args) throws Exception {
    String rounds = args.length > 0 ? args[0] : "3";
    String warmup = args.length > 1 ? args[1] : "10";
    String seconds = args.length > 2 ? args[2] : "10";
    try (DelayStubMain.Process stub = new DelayStubMain.Process(0, "1")) {
      for (String[] run : new String[][] {{"0", "8"}, {"0", "1"}, {"0,1", "1"}}) {
        System.out.println("(f) client on CPUs " + run[0] + ", " + run[1] + " searchers:");
        client(stub.baseUrl(), run[0], run[1], rounds, warmup, seconds);
      }
    }
  }

  private static void client(String baseUrl, String cpus, String searchers, String rounds,
      String warmup, String seconds) throws Exception {
    List<String> command = new ArrayList<>(List.of("taskset", "-c", cpus,
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-Xms512m", "-Xmx512m"));
    for (String property : List.of("dsh.bench.body", "dsh.bench.pluginJar",
        "org.slf4j.simpleLogger.defaultLogLevel")) {
      if (System.getProperty(property) != null) {
        command.add("-D" + property + "=" + System.getProperty(property));
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        ClientCpuRun.class.getName(), baseUrl, searchers, rounds, warmup, seconds));
    int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
    if (exit != 0) {
      throw new IllegalStateException("the client on CPUs " + cpus + " exited " + exit);
    }
  }
}
