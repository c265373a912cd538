package dev.carbide.keys;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;

/**
 * Mutations of a DER key encoding, each named so that a failure says what was done. Tree mutations
 * re-encode consistently (a changed version, a swapped OID, an unused-bits byte), so they reach the
 * key decoders past the outer framing; byte mutations (bit flips, truncation, length bytes,
 * trailing bytes) test the framing itself.
 */
enum EncodingMutator {
  BIT_FLIP(
      (random, der) ->
          bytes(der, d -> d[random.nextInt(d.length)] ^= (byte) (1 << random.nextInt(8)))),
  TRUNCATE((random, der) -> Arrays.copyOf(der, random.nextInt(der.length))),
  TRAILING_BYTES(
      (random, der) -> {
        byte[] longer = Arrays.copyOf(der, der.length + 1 + random.nextInt(3));
        if (random.nextBoolean()) {
          random.nextBytes(Arrays.copyOfRange(longer, der.length, longer.length));
        }
        return longer;
      }),
  LENGTH_BYTE(
      (random, der) ->
          tree(
              random,
              der,
              (node, root) -> {
                byte[] encoded = root.encode();
                // Re-encode, then find this node's length byte by its position in the encoding.
                int at = offsetOf(root, node);
                int delta = random.nextBoolean() ? 1 : -1;
                encoded[at + 1] =
                    (byte) (encoded[at + 1] + (random.nextInt(4) == 0 ? 0x80 : delta));
                return encoded;
              })),
  LONG_FORM_LENGTH(
      (random, der) ->
          tree(
              random,
              der,
              (node, root) -> {
                // BER, not DER: a length in long form where the short one fits, or with a zero
                // byte.
                node.lengthPadding = random.nextBoolean() ? -1 : 1;
                return root.encode();
              })),
  TAG(
      (random, der) ->
          tree(
              random,
              der,
              (node, root) -> {
                int[] tags = {
                  0x02, 0x03, 0x04, 0x05, 0x06, 0x30, 0x31, 0xa0, 0xa1, 0x80, 0x81, 0x0c
                };
                node.tag =
                    random.nextInt(3) == 0
                        ? node.tag ^ (1 << random.nextInt(8))
                        : tags[random.nextInt(tags.length)];
                if ((node.tag & 0x1f) == 0x1f) {
                  node.tag ^= 1;
                }
                return root.encode();
              })),
  VERSION(
      (random, der) ->
          mutateFirst(
              random,
              der,
              Der.INTEGER,
              node -> {
                byte[][] values = {{0}, {1}, {2}, {3}, {-1}, {0, 0}, {0, 1}, {(byte) 0x80}, {}};
                node.content = values[random.nextInt(values.length)].clone();
              })),
  UNUSED_BITS(
      (random, der) ->
          mutateFirst(
              random,
              der,
              Der.BIT_STRING,
              node -> {
                if (node.content.length == 0) {
                  node.content = new byte[1];
                }
                node.content[0] = (byte) (1 + random.nextInt(8));
                if (random.nextBoolean()) {
                  // Make the declared unused bits zero, as a well-formed encoder would.
                  int last = node.content.length - 1;
                  if (last > 0 && node.content[0] < 8) {
                    node.content[last] &= (byte) (0xff << node.content[0]);
                  }
                }
              })),
  OID_SWAP(
      (random, der) ->
          mutateFirst(
              random,
              der,
              Der.OID,
              node -> node.content = Der.oid(Oids.ALL[random.nextInt(Oids.ALL.length)]))),
  CONTENT(
      (random, der) ->
          tree(
              random,
              der,
              (node, root) -> {
                if (node.children != null || node.wrapped != null) {
                  return root.encode();
                }
                byte[] content = node.content;
                switch (random.nextInt(6)) {
                  case 0 -> node.content = Arrays.copyOf(content, content.length + 1);
                  case 1 -> node.content = Arrays.copyOf(content, Math.max(0, content.length - 1));
                  case 2 -> node.content = prepend(content, (byte) 0);
                  case 3 -> node.content = prepend(content, (byte) 0xff);
                  case 4 -> node.content = new byte[0];
                  default -> {
                    if (content.length > 0) {
                      node.content = content.clone();
                      node.content[random.nextInt(content.length)] ^=
                          (byte) (1 << random.nextInt(8));
                    }
                  }
                }
                return root.encode();
              })),
  STRUCTURE(
      (random, der) ->
          tree(
              random,
              der,
              (node, root) -> {
                if (node.children == null || node.children.isEmpty()) {
                  return root.encode();
                }
                List<Der.Node> children = node.children;
                int pick = random.nextInt(children.size());
                switch (random.nextInt(5)) {
                  case 0 -> children.remove(pick);
                  case 1 -> children.add(pick, children.get(pick).copy());
                  case 2 -> children.add(new Der.Node(Der.NULL, new byte[0]));
                  case 3 -> children.add(new Der.Node(0x80 | random.nextInt(4), new byte[] {1}));
                  default -> children.add(pick, children.remove(children.size() - 1));
                }
                return root.encode();
              }));

  /** Algorithm and curve identifiers that a swap may put where another one stood. */
  private static final class Oids {
    static final String[] ALL = {
      "1.2.840.10045.2.1", // id-ecPublicKey
      "1.3.132.1.12", // id-ecDH
      "1.2.840.10045.3.1.7", // P-256
      "1.3.132.0.34", // P-384
      "1.3.132.0.35", // P-521
      "1.3.132.0.10", // secp256k1
      "1.2.840.10045.3.1.1", // P-192
      "1.3.101.110", // X25519
      "1.3.101.111", // X448
      "1.3.101.112", // Ed25519
      "1.3.101.113", // Ed448
      "1.2.840.113549.1.1.1", // rsaEncryption
    };
  }

  private final BiFunction<Random, byte[], byte[]> mutation;

  EncodingMutator(BiFunction<Random, byte[], byte[]> mutation) {
    this.mutation = mutation;
  }

  /** A mutated copy of {@code der}; {@code der} stays as it was. */
  byte[] apply(Random random, byte[] der) {
    return mutation.apply(random, der.clone());
  }

  private interface TreeMutation {
    byte[] apply(Der.Node node, Der.Node root);
  }

  private interface NodeMutation {
    void apply(Der.Node node);
  }

  private static byte[] bytes(byte[] der, java.util.function.Consumer<byte[]> change) {
    change.accept(der);
    return der;
  }

  // Mutates one node, picked at random from the whole tree.
  private static byte[] tree(Random random, byte[] der, TreeMutation mutation) {
    Der.Node root = Der.parse(der);
    List<Der.Node> nodes = new ArrayList<>();
    root.collect(nodes);
    return mutation.apply(nodes.get(random.nextInt(nodes.size())), root);
  }

  // Mutates one node of `tag`, picked at random among those of the tree; unchanged if none.
  private static byte[] mutateFirst(Random random, byte[] der, int tag, NodeMutation mutation) {
    Der.Node root = Der.parse(der);
    List<Der.Node> nodes = new ArrayList<>();
    root.collect(nodes);
    List<Der.Node> matching = nodes.stream().filter(node -> node.tag == tag).toList();
    if (!matching.isEmpty()) {
      mutation.apply(matching.get(random.nextInt(matching.size())));
    }
    return root.encode();
  }

  private static int contentLength(Der.Node node) {
    return node.encode().length - headerLength(node);
  }

  private static int headerLength(Der.Node node) {
    byte[] encoded = node.encode();
    return (encoded[1] & 0x80) == 0 ? 2 : 2 + (encoded[1] & 0x7f);
  }

  // Where `target` starts in root's encoding.
  private static int offsetOf(Der.Node root, Der.Node target) {
    int[] result = {-1};
    locate(root, target, 0, result);
    return result[0];
  }

  private static int locate(Der.Node node, Der.Node target, int at, int[] result) {
    if (node == target) {
      result[0] = at;
    }
    int inner = at + headerLength(node);
    if (node.children != null) {
      for (Der.Node child : node.children) {
        inner = locate(child, target, inner, result);
      }
    } else if (node.wrapped != null) {
      locate(node.wrapped, target, inner, result);
    }
    return at + node.encode().length;
  }

  private static byte[] prepend(byte[] content, byte first) {
    byte[] out = new byte[content.length + 1];
    out[0] = first;
    System.arraycopy(content, 0, out, 1, content.length);
    return out;
  }
}
