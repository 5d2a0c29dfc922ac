package dev.dsh.app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command run without a subcommand: prints its usage and exits 2. */
abstract class UsageOnly implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return DshMain.USAGE_OR_CONFIG;
  }
}
