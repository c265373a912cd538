package dev.carbide.ssl;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLParameters;

/**
 * An engine's SSLParameters, as the native engine takes them. Named groups default to {@link
 * #DEFAULT_GROUPS} (the hybrid X25519MLKEM768 first, as current browsers offer), and come from
 * {@code SSLParameters.setNamedGroups} on Java 20 and later, or the property {@code
 * carbide.tls.namedGroups} (colon- or comma-separated) on any.
 */
final class EngineSettings {
  static final String DEFAULT_GROUPS = "X25519MLKEM768:X25519:secp256r1:secp384r1";
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

  EngineSettings(String[] protocols, String[] cipherSuites) {
    this.protocols = protocols;
    this.cipherSuites = cipherSuites;
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
      cipherSuites = parameters.getCipherSuites().clone();
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

  /** The OpenSSL group list: JSSE's names ("x25519", "secp256r1") mapped where they differ. */
  String groupList() {
    String[] groups = namedGroups;
    if (groups == null) {
      String property = System.getProperty("carbide.tls.namedGroups");
      if (property == null || property.isBlank()) {
        return DEFAULT_GROUPS;
      }
      groups = property.trim().split("[:,]");
    }
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
