package dev.carbide.keys;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A DER tree small enough to mutate: each node is a tag with either bytes or children. OCTET
 * STRINGs whose content is itself DER (a PKCS#8 private key) are opened too, so mutations reach the
 * ECPrivateKey or CurvePrivateKey inside. Re-encoding gives minimal lengths, so a mutated node
 * leaves the lengths of the nodes around it consistent.
 */
final class Der {
  static final int INTEGER = 0x02;
  static final int BIT_STRING = 0x03;
  static final int OCTET_STRING = 0x04;
  static final int NULL = 0x05;
  static final int OID = 0x06;
  static final int SEQUENCE = 0x30;

  private Der() {}

  static final class Node {
    int tag;
    byte[] content;
    List<Node> children;
    // The content of an OCTET STRING that is itself one DER value.
    Node wrapped;
    // 0 for DER's minimal length; -1 for the long form even where the short one fits, n > 0 for
    // the long form with n leading zero bytes (both BER, not DER).
    int lengthPadding;

    Node(int tag, byte[] content) {
      this.tag = tag;
      this.content = content;
    }

    Node(int tag, List<Node> children) {
      this.tag = tag;
      this.children = children;
    }

    Node copy() {
      Node copy =
          children != null
              ? new Node(tag, new ArrayList<>(children.stream().map(Node::copy).toList()))
              : new Node(tag, content.clone());
      copy.wrapped = wrapped == null ? null : wrapped.copy();
      copy.lengthPadding = lengthPadding;
      return copy;
    }

    /** This node and all below it, depth first. */
    void collect(List<Node> into) {
      into.add(this);
      if (children != null) {
        children.forEach(child -> child.collect(into));
      }
      if (wrapped != null) {
        wrapped.collect(into);
      }
    }

    byte[] encode() {
      byte[] body;
      if (children != null) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        children.forEach(child -> out.writeBytes(child.encode()));
        body = out.toByteArray();
      } else if (wrapped != null) {
        body = wrapped.encode();
      } else {
        body = content;
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(tag);
      writeLength(out, body.length, lengthPadding);
      out.writeBytes(body);
      return out.toByteArray();
    }
  }

  /** The tree of a DER value that fills {@code der}; IllegalArgumentException if it does not. */
  static Node parse(byte[] der) {
    int[] end = new int[1];
    Node node = parse(der, 0, der.length, end);
    if (end[0] != der.length) {
      throw new IllegalArgumentException("trailing bytes");
    }
    return node;
  }

  /** The length of the DER value at the start of {@code der}, or -1 if there is none. */
  static int firstValueLength(byte[] der) {
    int[] end = new int[1];
    try {
      parse(der, 0, der.length, end);
      return end[0];
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }

  private static Node parse(byte[] der, int from, int limit, int[] end) {
    if (limit - from < 2 || (der[from] & 0x1f) == 0x1f) {
      throw new IllegalArgumentException("no tag and length");
    }
    int tag = der[from] & 0xff;
    int at = from + 1;
    int length = der[at++] & 0xff;
    if (length > 0x7f) {
      int count = length & 0x7f;
      if (count == 0 || count > 3 || limit - at < count) {
        throw new IllegalArgumentException("bad length");
      }
      length = 0;
      for (int i = 0; i < count; i++) {
        length = (length << 8) | (der[at++] & 0xff);
      }
    }
    if (length > limit - at) {
      throw new IllegalArgumentException("length past the end");
    }
    end[0] = at + length;
    byte[] content = java.util.Arrays.copyOfRange(der, at, at + length);
    if ((tag & 0x20) != 0) {
      try {
        List<Node> children = new ArrayList<>();
        int[] childEnd = new int[1];
        for (int child = at; child < at + length; child = childEnd[0]) {
          children.add(parse(der, child, at + length, childEnd));
        }
        return new Node(tag, children);
      } catch (IllegalArgumentException notDer) {
        // A constructed tag over bytes that are no DER values: kept as bytes, to mutate further.
        return new Node(tag, content);
      }
    }
    Node node = new Node(tag, content);
    if (tag == OCTET_STRING) {
      try {
        node.wrapped = parse(content);
      } catch (IllegalArgumentException notDer) {
        // Plain bytes (a scalar), not a nested value.
      }
    }
    return node;
  }

  static void writeLength(ByteArrayOutputStream out, int length, int padding) {
    if (length < 0x80 && padding == 0) {
      out.write(length);
      return;
    }
    int bytes = length < 0x100 ? 1 : length < 0x10000 ? 2 : 3;
    int zeros = Math.max(padding, 0);
    out.write(0x80 | (bytes + zeros));
    for (int i = 0; i < zeros; i++) {
      out.write(0);
    }
    for (int i = bytes - 1; i >= 0; i--) {
      out.write(length >>> (8 * i));
    }
  }

  /** The content octets of OID {@code dotted}. */
  static byte[] oid(String dotted) {
    String[] arcs = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeArc(out, Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]));
    for (int i = 2; i < arcs.length; i++) {
      writeArc(out, Long.parseLong(arcs[i]));
    }
    return out.toByteArray();
  }

  private static void writeArc(ByteArrayOutputStream out, long arc) {
    int groups = 1;
    while (arc >>> (7 * groups) != 0) {
      groups++;
    }
    for (int i = groups - 1; i >= 0; i--) {
      out.write((int) ((arc >>> (7 * i)) & 0x7f) | (i == 0 ? 0 : 0x80));
    }
  }
}
