package dev.carbide.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.carbide.testing.Carbide;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import org.junit.jupiter.api.Test;

/** How the JCA finds DEFAULT: by name, and as the default of {@code new SecureRandom()}. */
class RandomRegistrationTest {
  @Test
  void serviceDeclaresThreadSafety() throws Exception {
    Provider carbide = Carbide.provider();
    SecureRandom random = SecureRandom.getInstance("DEFAULT", carbide);
    assertSame(carbide, random.getProvider());
    Provider.Service service = random.getProvider().getService("SecureRandom", "DEFAULT");
    assertEquals("true", service.getAttribute("ThreadSafe"));
    assertEquals("Software", service.getAttribute("ImplementedIn"));
    assertEquals("true", carbide.getProperty("SecureRandom.DEFAULT ThreadSafe"));
  }

  @Test
  void newSecureRandomUsesCarbideWhenItComesFirst() {
    Provider carbide = Carbide.provider();
    assertNotEquals(carbide, new SecureRandom().getProvider());
    assertEquals(1, Security.insertProviderAt(carbide, 1));
    try {
      SecureRandom random = new SecureRandom();
      assertSame(carbide, random.getProvider());
      assertEquals("DEFAULT", random.getAlgorithm());
      random.nextBytes(new byte[32]);

      SecureRandom seeded = new SecureRandom(new byte[] {1, 2, 3});
      assertSame(carbide, seeded.getProvider());
    } finally {
      Security.removeProvider(carbide.getName());
    }
    assertNotEquals(carbide, new SecureRandom().getProvider());
  }
}
