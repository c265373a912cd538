package dev.carbide.cli;

import dev.carbide.CarbideProvider;

/** The jar's command line: info, speed, selftest. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    new CarbideProvider().getServices().forEach(s -> System.out.println(s.getType() + " " + s.getAlgorithm()));
    System.out.println(CarbideProvider.opensslVersion());
  }
}
