package dev.dsh.app.cli;

import dev.dsh.api.env.LaunchEnvironment;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/** What one invocation talks to (tests bring their own); {@code out} holds only the result. */
record CliIo(InputStream in, PrintStream out, PrintStream err, LaunchEnvironment env,
    Optional<Path> bundledPlugin) {}
