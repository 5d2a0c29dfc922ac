package dev.dsh.app.cli;

import dev.dsh.api.env.LaunchEnvironment;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What one invocation talks to, so tests run the CLI in-process with their own streams and
 * environment.
 *
 * @param out the command's result, and nothing else
 * @param err logs, lifecycle lines and errors
 * @param bundledPlugin the distribution's copy of the Yuanbao plugin jar, for the demo profile
 */
record CliIo(InputStream in, PrintStream out, PrintStream err, LaunchEnvironment env,
    Optional<Path> bundledPlugin) {}
