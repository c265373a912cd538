package dev.carbide.cli;

import java.io.PrintStream;

/** One command of the command line, created for one run. */
interface Command {
  /**
   * Runs the command and returns its exit status. Results go to {@code out}; progress and
   * diagnostics go to {@code err}, so that machine-readable output stays clean.
   */
  int run(Arguments args, PrintStream out, PrintStream err) throws Exception;
}
