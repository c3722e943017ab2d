// The memcached binding's value format: a record's fields as (name length, name, value length, value).
package org.nvmove.ycsb;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import net.spy.memcached.CachedData;
import net.spy.memcached.transcoders.Transcoder;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * Every length is a 4-byte big-endian integer, names are UTF-8; a 10-field record of 100-byte
 * values is 10 x (4 + 6 + 4 + 100) = 1140 bytes. The values go to memcached as they are (the
 * transcoder below sets no flags and never compresses), so the server stores what the client
 * measured.
 */
final class RecordCodec {
  private RecordCodec() {
  }

  /** The encoded record. */
  static byte[] encode(Map<String, ByteIterator> values) {
    ByteArrayOutputStream buf = new ByteArrayOutputStream(1200);
    try (DataOutputStream out = new DataOutputStream(buf)) {
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
        byte[] value = e.getValue().toArray();
        out.writeInt(name.length);
        out.write(name);
        out.writeInt(value.length);
        out.write(value);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buf.toByteArray();
  }

  /**
   * Puts the fields of DATA into RESULT (only those in FIELDS unless it is null).
   * Throws IllegalArgumentException when DATA is not an encoded record.
   */
  static void decode(byte[] data, Set<String> fields, Map<String, ByteIterator> result) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
      while (in.available() > 0) {
        String name = new String(readBlock(in), StandardCharsets.UTF_8);
        byte[] value = readBlock(in);
        if (fields == null || fields.contains(name)) {
          result.put(name, new ByteArrayByteIterator(value));
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("not an encoded record (" + data.length + " bytes)", e);
    }
  }

  private static byte[] readBlock(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > in.available()) {
      throw new IOException("bad length " + n);
    }
    byte[] b = new byte[n];
    in.readFully(b);
    return b;
  }

  /** Hands byte arrays to spymemcached unchanged: flags 0, no serialisation, no compression. */
  static final class RawTranscoder implements Transcoder<byte[]> {
    @Override
    public boolean asyncDecode(CachedData d) {
      return false;
    }

    @Override
    public CachedData encode(byte[] o) {
      return new CachedData(0, o, getMaxSize());
    }

    @Override
    public byte[] decode(CachedData d) {
      return d.getData();
    }

    @Override
    public int getMaxSize() {
      return CachedData.MAX_SIZE;
    }
  }
}
