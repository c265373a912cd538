package dev.carbide.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.Provider;

/**
 * Asks the JCA for a service by type and name alone, the way applications and JSSE do, and says
 * which provider answered. Works for any engine type, found by reflection, so that a family added
 * later is probed without changes here.
 */
public final class ServiceProbe {
  private static final String[] ENGINE_PACKAGES = {
    "java.security.", "javax.crypto.", "java.security.cert.", "javax.net.ssl."
  };

  private ServiceProbe() {}

  /**
   * The name of the provider that serves {@code getInstance(algorithm)} of engine {@code type}, or
   * a text starting with "error:" if the lookup failed.
   */
  public static String provider(String type, String algorithm) {
    try {
      Class<?> engine = engineClass(type);
      Object instance = engine.getMethod("getInstance", String.class).invoke(null, algorithm);
      if (type.equals("KEM")) {
        return kemProvider(engine, instance, algorithm);
      }
      Method getProvider = findMethod(engine, "getProvider");
      if (getProvider != null) {
        return ((Provider) getProvider.invoke(instance)).getName();
      }
      return (String) engine.getMethod("getProviderName").invoke(instance); // javax.crypto.KDF
    } catch (InvocationTargetException e) {
      return "error: " + e.getCause();
    } catch (ReflectiveOperationException
        | RuntimeException
        | java.security.GeneralSecurityException e) {
      return "error: " + e;
    }
  }

  /**
   * javax.crypto.KEM picks its provider when it gets a key, so the probe encapsulates to a key of
   * the algorithm from whichever KeyPairGenerator the JCA gives first.
   */
  private static String kemProvider(Class<?> engine, Object kem, String algorithm)
      throws ReflectiveOperationException, java.security.GeneralSecurityException {
    java.security.KeyPair pair =
        java.security.KeyPairGenerator.getInstance(algorithm).generateKeyPair();
    Object encapsulator =
        engine
            .getMethod("newEncapsulator", java.security.PublicKey.class)
            .invoke(kem, pair.getPublic());
    return (String) encapsulator.getClass().getMethod("providerName").invoke(encapsulator);
  }

  private static Class<?> engineClass(String type) throws ClassNotFoundException {
    for (String pkg : ENGINE_PACKAGES) {
      try {
        return Class.forName(pkg + type);
      } catch (ClassNotFoundException e) {
        // try the next package
      }
    }
    throw new ClassNotFoundException("no engine class for service type " + type);
  }

  private static Method findMethod(Class<?> engine, String name) {
    try {
      return engine.getMethod(name);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }
}
