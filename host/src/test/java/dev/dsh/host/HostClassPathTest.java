package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an embedder's class path gets from dsh-host: this module's test class path holds the
 * library's whole dependency closure (and test tools), so an application's library is absent here
 * only if dsh-host never brings it.
 */
class HostClassPathTest {

  @Test
  void noMcpSdkNoReactorNoPicocliReachTheLibrary() {
    List<String> entries =
        List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    assertThat(entries).isNotEmpty()
        .noneMatch(entry -> new File(entry).getName().matches("(mcp|reactor|picocli|dsh-picocli).*"));
    for (String absent : List.of("io.modelcontextprotocol.server.McpServer",
        "reactor.core.publisher.Mono", "picocli.CommandLine")) {
      assertThat(isLoadable(absent)).as(absent).isFalse();
    }
    assertThat(isLoadable("org.pf4j.PluginManager")).as("the check finds what is there").isTrue();
  }

  private static boolean isLoadable(String name) {
    try {
      Class.forName(name, false, HostClassPathTest.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
