package dev.carbide.cli;

import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.function.Supplier;

/** A provider assembled by a test: services borrowed from other providers, or made up. */
final class TestProvider extends Provider {
  private static final long serialVersionUID = 1L;

  TestProvider(String name) {
    super(name, "1.0", "assembled by a test");
  }

  /** Serves {@code source}'s service under the same type and name. */
  TestProvider borrow(Provider.Service source) {
    return serve(source.getType(), source.getAlgorithm(), source);
  }

  /** Serves {@code source}'s service under another name, for example to give it a wrong one. */
  TestProvider serve(String type, String algorithm, Provider.Service source) {
    putService(
        new Service(this, type, algorithm, source.getClassName(), null, null) {
          @Override
          public Object newInstance(Object parameter) throws NoSuchAlgorithmException {
            return source.newInstance(parameter);
          }
        });
    return this;
  }

  /** Serves an SPI made by {@code factory}. */
  TestProvider serve(String type, String algorithm, Supplier<Object> factory) {
    putService(
        new Service(this, type, algorithm, "test." + algorithm, null, null) {
          @Override
          public Object newInstance(Object parameter) {
            return factory.get();
          }
        });
    return this;
  }

  /** Every service of {@code source} that {@code type} names. */
  TestProvider borrowAll(Provider source, String type) {
    for (Provider.Service service : source.getServices()) {
      if (service.getType().equals(type)) {
        borrow(service);
      }
    }
    return this;
  }
}
