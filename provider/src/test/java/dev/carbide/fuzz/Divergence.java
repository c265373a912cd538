package dev.carbide.fuzz;

/**
 * Carbide and the JDK's provider disagreed on one case. {@code what} describes the case (the
 * algorithm and the choices the generator made), enough to recognise a known divergence.
 */
public final class Divergence extends Exception {
  private static final long serialVersionUID = 1L;

  private final String what;
  private final transient Outcome carbide;
  private final transient Outcome jdk;

  public Divergence(String what, Outcome carbide, Outcome jdk) {
    super(what + "\n    Carbide: " + carbide + "\n    JDK:     " + jdk, carbide.failure());
    this.what = what;
    this.carbide = carbide;
    this.jdk = jdk;
  }

  /** A check that is not a comparison failed (a crash-free sanity property). */
  public Divergence(String what) {
    super(what);
    this.what = what;
    this.carbide = null;
    this.jdk = null;
  }

  public String what() {
    return what;
  }

  public Outcome carbide() {
    return carbide;
  }

  public Outcome jdk() {
    return jdk;
  }

  /** Work run once per provider. */
  @FunctionalInterface
  public interface OnProvider {
    byte[] run(Outcome.Steps steps, java.security.Provider provider) throws Exception;
  }

  /** Runs {@code work} on Carbide and on the named JDK provider; throws unless they agree. */
  public static void compare(String what, String jdkProvider, OnProvider work) throws Divergence {
    if (Boolean.getBoolean("carbide.fuzz.trace")) { // says what a case runs before it can crash
      System.err.println("fuzz: running " + what);
    }
    check(
        what,
        Outcome.of(s -> work.run(s, Providers.carbide())),
        Outcome.of(s -> work.run(s, Providers.jdk(jdkProvider))));
  }

  /** Throws unless the two outcomes agree. */
  public static void check(String what, Outcome carbide, Outcome jdk) throws Divergence {
    if (!carbide.agreesWith(jdk)) {
      throw new Divergence(what, carbide, jdk);
    }
  }
}
