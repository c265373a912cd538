package dev.carbide.cli;

import java.io.PrintStream;
import java.security.Provider;

/**
 * {@code selftest}: runs the check of every registered service, one line each, and fails if any
 * check fails or any service has none.
 */
final class SelfTest implements Command {
  private final Subject subject;
  private final KnownAnswers table;

  SelfTest(Subject subject) {
    this(subject, KnownAnswers.standard());
  }

  SelfTest(Subject subject, KnownAnswers table) {
    this.subject = subject;
    this.table = table;
  }

  @Override
  public int run(Arguments args, PrintStream out, PrintStream err) throws Exception {
    args.rejectOthers();
    if (!subject.checkLoaded(err)) {
      out.println("FAIL  the native library is not loaded");
      return 1;
    }
    return check(subject.provider(), table, out);
  }

  /** Checks every service of {@code provider} against {@code table}; returns the exit status. */
  static int check(Provider provider, KnownAnswers table, PrintStream out) {
    int passed = 0;
    int failed = 0;
    int skipped = 0;
    for (Provider.Service service : Info.sortedServices(provider)) {
      String name = service.getType() + " " + service.getAlgorithm();
      KnownAnswers.Entry entry = table.find(service.getType(), service.getAlgorithm());
      if (entry == null) {
        out.println("FAIL  " + name + ": no known-answer test");
        failed++;
        continue;
      }
      try {
        entry.check().run(provider);
        out.println("PASS  " + name + " (" + entry.source() + ")");
        passed++;
      } catch (KnownAnswers.Skipped e) {
        out.println("SKIP  " + name + ": skipped: " + e.getMessage());
        skipped++;
      } catch (KnownAnswers.Failure e) {
        out.println("FAIL  " + name + " (" + entry.source() + "): " + e.getMessage());
        failed++;
      } catch (Exception | LinkageError e) {
        // In FIPS mode a check whose known answer needs a refused parameter (an RSA-1024 key, a
        // caller's GCM IV) cannot run; the module's own power-up tests cover that algorithm.
        if (String.valueOf(e.getMessage()).startsWith("FIPS mode:")) {
          out.println("SKIP  " + name + ": refused in FIPS mode: " + e.getMessage());
          skipped++;
          continue;
        }
        out.println("FAIL  " + name + " (" + entry.source() + "): " + e);
        failed++;
      }
    }
    if (passed + failed + skipped == 0) {
      out.println("FAIL  " + provider.getName() + " registers no services");
      return 1;
    }
    out.printf("%d passed, %d failed, %d skipped%n", passed, failed, skipped);
    return failed == 0 ? 0 : 1;
  }
}
