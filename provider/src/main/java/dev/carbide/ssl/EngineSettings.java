package dev.carbide.ssl;

import dev.carbide.internal.FipsMode;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;

/**
 * An engine's SSLParameters, as the native engine takes them. Named groups default to {@link
 * #DEFAULT_GROUPS} (the hybrid X25519MLKEM768 first, as current browsers offer), and come from
 * {@code SSLParameters.setNamedGroups} on Java 20 and later, or the property {@code
 * carbide.tls.namedGroups} (colon- or comma-separated) on any.
 */
final class EngineSettings {
  static final String DEFAULT_GROUPS = "X25519MLKEM768:X25519:secp256r1:secp384r1";

  /**
   * The default in FIPS mode, the same shape without X25519, which the module does not approve: the
   * hybrid of P-256 and ML-KEM-768 first, then the NIST curves.
   */
  static final String FIPS_DEFAULT_GROUPS = "SecP256r1MLKEM768:secp256r1:secp384r1";

  static final List<String> SUPPORTED_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  // SSLParameters.getNamedGroups/setNamedGroups exist from Java 20; the jar targets 17.
  private static final MethodHandle GET_NAMED_GROUPS = namedGroupsHandle("getNamedGroups");
  private static final MethodHandle SET_NAMED_GROUPS = namedGroupsHandle("setNamedGroups");

  String[] protocols;
  String[] cipherSuites;
  String[] namedGroups; // null: the default
  String[] applicationProtocols = new String[0];
  List<SNIServerName> serverNames;
  String endpointIdentification;
  boolean needClientAuth;
  boolean wantClientAuth;

  // The context's suites: every suite its libssl supports, in FIPS mode only the approved ones.
  private final Set<String> supportedSuites;

  EngineSettings(String[] protocols, String[] cipherSuites) {
    this.protocols = protocols;
    this.cipherSuites = cipherSuites;
    this.supportedSuites = Set.of(cipherSuites);
  }

  /**
   * Takes {@code suites} as the enabled cipher suites. The names were checked as SunJSSE checks
   * them ({@link CipherSuiteNames}, by the caller); in FIPS mode a name the module does not serve
   * is refused too (IllegalArgumentException, ChaCha20-Poly1305's with a message that says why),
   * where outside it a name SunJSSE knows but OpenSSL does not serve is skipped at the handshake.
   * The signalling names that SunJSSE lists among its suites are let through (OpenSSL sends them
   * itself), so that SunJSSE's own list can be handed over.
   */
  void enableCipherSuites(String[] suites) {
    if (FipsMode.enabled()) {
      for (String suite : suites) {
        if (!supportedSuites.contains(suite) && !suite.endsWith("_SCSV")) {
          throw new IllegalArgumentException(
              "FIPS mode: Unsupported CipherSuite: "
                  + suite
                  + (suite.contains("CHACHA20")
                      ? " (ChaCha20-Poly1305 is not FIPS-approved)"
                      : ""));
        }
      }
    }
    cipherSuites = suites.clone();
  }

  /** Whether OpenSSL serves any of the enabled cipher suites (SunJSSE's names may name none). */
  boolean servesAnEnabledCipherSuite() {
    for (String suite : cipherSuites) {
      if (supportedSuites.contains(suite)) {
        return true;
      }
    }
    return false;
  }

  SSLParameters toParameters() {
    SSLParameters parameters = new SSLParameters(cipherSuites.clone(), protocols.clone());
    parameters.setApplicationProtocols(applicationProtocols.clone());
    if (serverNames != null) {
      parameters.setServerNames(serverNames);
    }
    parameters.setEndpointIdentificationAlgorithm(endpointIdentification);
    if (needClientAuth) {
      parameters.setNeedClientAuth(true);
    } else if (wantClientAuth) {
      parameters.setWantClientAuth(true);
    }
    if (SET_NAMED_GROUPS != null && namedGroups != null) {
      try {
        SET_NAMED_GROUPS.invoke(parameters, (Object) namedGroups.clone());
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }
    return parameters;
  }

  /** Takes what {@code parameters} sets; null fields leave the current values, as SunJSSE does. */
  void apply(SSLParameters parameters) {
    if (parameters.getCipherSuites() != null) {
      enableCipherSuites(parameters.getCipherSuites());
    }
    if (parameters.getProtocols() != null) {
      for (String protocol : parameters.getProtocols()) {
        if (!SUPPORTED_PROTOCOLS.contains(protocol)) {
          throw new IllegalArgumentException("Unsupported protocol: " + protocol);
        }
      }
      protocols = parameters.getProtocols().clone();
    }
    if (parameters.getNeedClientAuth()) {
      needClientAuth = true;
      wantClientAuth = false;
    } else {
      needClientAuth = false;
      wantClientAuth = parameters.getWantClientAuth();
    }
    applicationProtocols = parameters.getApplicationProtocols().clone();
    if (parameters.getServerNames() != null) {
      serverNames = List.copyOf(parameters.getServerNames());
    }
    endpointIdentification = parameters.getEndpointIdentificationAlgorithm();
    if (GET_NAMED_GROUPS != null) {
      try {
        String[] groups = (String[]) GET_NAMED_GROUPS.invoke(parameters);
        if (groups != null) {
          namedGroups = groups.clone();
        }
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }
  }

  /** The lowest and highest enabled protocol, as ssl.h versions. */
  int[] versionRange() {
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (String protocol : protocols) {
      int version =
          switch (protocol) {
            case "TLSv1.3" -> TlsNative.TLS1_3_VERSION;
            case "TLSv1.2" -> TlsNative.TLS1_2_VERSION;
            default -> 0; // SSLv2Hello and older: not offered
          };
      if (version != 0) {
        min = Math.min(min, version);
        max = Math.max(max, version);
      }
    }
    if (max == 0) {
      throw new IllegalStateException(
          "No appropriate protocol (protocol is disabled or" + " cipher suites are inappropriate)");
    }
    return new int[] {min, max};
  }

  /**
   * The OpenSSL group list: JSSE's names ("x25519", "secp256r1") mapped where they differ. In FIPS
   * mode {@code approved} holds the groups the module can negotiate (else it is null): the others
   * are left out, as SunJSSE leaves out the groups it does not support, and a list with none left
   * is refused.
   */
  String groupList(Set<String> approved) throws SSLHandshakeException {
    String[] groups = namedGroups;
    if (groups == null) {
      String property = System.getProperty("carbide.tls.namedGroups");
      groups =
          (property == null || property.isBlank()
                  ? approved == null ? DEFAULT_GROUPS : FIPS_DEFAULT_GROUPS
                  : property.trim())
              .split("[:,]");
    }
    String list = openSslNames(groups);
    if (approved == null) {
      return list;
    }
    List<String> kept = new ArrayList<>();
    for (String name : list.split(":")) {
      if (approved.contains(name.toLowerCase(Locale.ROOT))) {
        kept.add(name);
      }
    }
    if (kept.isEmpty()) {
      throw new SSLHandshakeException(
          "FIPS mode: none of the named groups "
              + list
              + " is approved; the FIPS module offers "
              + new TreeSet<>(approved));
    }
    return String.join(":", kept);
  }

  // What FIPS mode may negotiate, lower case, with OpenSSL's aliases: the NIST prime curves of at
  // least 256 bits, the RFC 7919 groups, ML-KEM and its hybrids with those curves. Not P-192 and
  // the binary curves (under 112 bits, or gone from SP 800-186), nor the hybrids with X25519 or
  // X448, whose classical half the module does not approve on its own (the module offers
  // X25519MLKEM768 with fips=yes; FIPS mode leaves that KEM out of the JCA services too).
  private static final Set<String> FIPS_GROUPS =
      Set.of(
          "secp256r1",
          "p-256",
          "secp384r1",
          "p-384",
          "secp521r1",
          "p-521",
          "ffdhe2048",
          "ffdhe3072",
          "ffdhe4096",
          "ffdhe6144",
          "ffdhe8192",
          "mlkem512",
          "mlkem768",
          "mlkem1024",
          "secp256r1mlkem768",
          "secp384r1mlkem1024");

  /**
   * The groups a FIPS-mode engine may negotiate, lower case: of those libssl can negotiate in the
   * module's library context ({@code implemented}, with aliases), the ones in {@link #FIPS_GROUPS}.
   */
  static Set<String> approvedGroups(String[] implemented) {
    Set<String> groups = new HashSet<>();
    for (String group : implemented) {
      String name = group.toLowerCase(Locale.ROOT);
      if (FIPS_GROUPS.contains(name)) {
        groups.add(name);
      }
    }
    return Set.copyOf(groups);
  }

  private static String openSslNames(String[] groups) {
    List<String> names = new ArrayList<>();
    for (String group : groups) {
      String name = group.trim();
      switch (name.toLowerCase(Locale.ROOT)) {
        case "x25519" -> names.add("X25519");
        case "x448" -> names.add("X448");
        default -> names.add(name);
      }
    }
    return String.join(":", names);
  }

  /** The SNI host name a client sends: the one set, else the peer host if it is a DNS name. */
  String serverName(String peerHost) {
    if (serverNames != null) {
      for (SNIServerName name : serverNames) {
        if (name instanceof SNIHostName host) {
          return host.getAsciiName();
        }
      }
      return null;
    }
    if (peerHost == null
        || peerHost.indexOf('.') < 0
        || Character.isDigit(lastChar(peerHost))
        || peerHost.indexOf(':') >= 0) {
      return null; // no name, a single label, or an IP address: SunJSSE sends none either
    }
    return peerHost;
  }

  private static char lastChar(String s) {
    return s.charAt(s.length() - 1);
  }

  private static MethodHandle namedGroupsHandle(String name) {
    try {
      MethodType type =
          name.startsWith("get")
              ? MethodType.methodType(String[].class)
              : MethodType.methodType(void.class, String[].class);
      return MethodHandles.publicLookup().findVirtual(SSLParameters.class, name, type);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }
}
