package dev.carbide.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;

/** java.security overrides for child JVMs ({@code -Djava.security.properties=FILE}). */
public final class SecurityOverride {
  private SecurityOverride() {}

  /** The JDK's own provider list, in order, as java.security writes it. */
  public static List<String> jdkProviderEntries() {
    List<String> entries = new ArrayList<>();
    for (int i = 1; Security.getProperty("security.provider." + i) != null; i++) {
      entries.add(Security.getProperty("security.provider." + i).trim());
    }
    return entries;
  }

  /**
   * Writes, in {@code dir}, an override that installs {@code carbideEntry} (the provider's name or
   * class name) at priority 1 and shifts the JDK's list down by one, and returns the JVM option
   * that applies it.
   */
  public static String carbideFirst(Path dir, String carbideEntry) throws Exception {
    StringBuilder text = new StringBuilder("security.provider.1=" + carbideEntry + "\n");
    List<String> jdk = jdkProviderEntries();
    for (int i = 0; i < jdk.size(); i++) {
      text.append("security.provider.").append(i + 2).append('=').append(jdk.get(i)).append('\n');
    }
    Path file = Files.createTempFile(dir, "carbide-first", ".security");
    Files.writeString(file, text);
    return "-Djava.security.properties=" + file;
  }
}
