package dev.carbide.bench;

import java.time.Duration;
import java.util.List;

/**
 * Prints "[37/212] MacBenchmark.doFinal HmacSHA256 1024 Carbide — ~18 min left" before each job.
 * The time left is the plan's estimate for the jobs still to run, scaled by how the finished jobs
 * compared with their own estimate, so a busy machine shows a longer wait.
 */
final class Progress {
  private final Plan plan;
  private final int total;
  private int done;
  private double plannedSoFar;
  private long startNanos;
  private double remainingPlanned;

  /**
   * @param done jobs already run before these (by a parent launcher), for the numbering
   * @param total every job of the whole run, including those of other launchers
   * @param jobs what this launcher will run
   * @param afterwards the planned seconds of jobs that run after these (in a child launcher)
   */
  Progress(Plan plan, int done, int total, List<Job> jobs, double afterwards) {
    this.plan = plan;
    this.done = done;
    this.total = total;
    this.remainingPlanned = afterwards;
    for (Job job : jobs) {
      remainingPlanned += plan.seconds(job);
    }
  }

  void before(Job job) {
    if (startNanos == 0) {
      startNanos = System.nanoTime();
    }
    double elapsed = (System.nanoTime() - startNanos) / 1e9;
    // Trust the measured pace only after a few jobs: the first ones include class loading.
    double pace = plannedSoFar >= 10 ? elapsed / plannedSoFar : 1.0;
    System.out.printf(
        "# [%d/%d] %s — ~%s left%n", done + 1, total, job.label(), text(remainingPlanned * pace));
    done++;
    double seconds = plan.seconds(job);
    plannedSoFar += seconds;
    remainingPlanned -= seconds;
  }

  static String text(double seconds) {
    Duration duration = Duration.ofSeconds(Math.round(seconds));
    if (duration.toMinutes() >= 1) {
      return duration.toMinutes() + " min";
    }
    return duration.toSeconds() + " s";
  }

  int done() {
    return done;
  }
}
