package dev.carbide.testing;

import java.security.NoSuchAlgorithmException;
import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * In the FIPS pass ({@code -Dcarbide.fips=true}), turns a test's failure into a skip when its cause
 * is FIPS mode doing its job: a service that is absent because the module does not approve it
 * (NoSuchAlgorithmException), or a request refused as disallowed (an exception whose message starts
 * "FIPS mode:"). Any other failure stays a failure, and outside the FIPS pass this does nothing.
 * Registered for every test through JUnit's extension autodetection
 * (META-INF/services/org.junit.jupiter.api.extension.Extension, junit-platform.properties).
 */
public final class FipsSkips
    implements TestExecutionExceptionHandler,
        LifecycleMethodExecutionExceptionHandler,
        InvocationInterceptor {
  public static final boolean FIPS_PASS = Boolean.getBoolean("carbide.fips");

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    throw skipIfFips(thrown);
  }

  // Dynamic tests (a @TestFactory's cases) do not reach the exception handler above.
  @Override
  public void interceptDynamicTest(
      Invocation<Void> invocation,
      DynamicTestInvocationContext invocationContext,
      ExtensionContext extensionContext)
      throws Throwable {
    try {
      invocation.proceed();
    } catch (Throwable thrown) {
      throw skipIfFips(thrown);
    }
  }

  @Override
  public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    throw skipIfFips(thrown);
  }

  @Override
  public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    throw skipIfFips(thrown);
  }

  private static Throwable skipIfFips(Throwable thrown) {
    if (!FIPS_PASS) {
      return thrown;
    }
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      String message = String.valueOf(cause.getMessage());
      if (cause instanceof NoSuchAlgorithmException || message.startsWith("FIPS mode:")) {
        TestAbortedException skip =
            new TestAbortedException("not available in FIPS mode: " + message);
        skip.addSuppressed(thrown);
        return skip;
      }
    }
    return thrown;
  }
}
