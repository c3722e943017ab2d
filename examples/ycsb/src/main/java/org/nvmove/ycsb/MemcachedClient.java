// YCSB binding for memcached: one key per record, the fields serialised into its value, on spymemcached.
package org.nvmove.ycsb;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import net.spy.memcached.AddrUtil;
import net.spy.memcached.CASResponse;
import net.spy.memcached.CASValue;
import net.spy.memcached.ConnectionFactoryBuilder;
import net.spy.memcached.FailureMode;
import net.spy.memcached.internal.OperationFuture;
import net.spy.memcached.ops.OperationStatus;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * One spymemcached client (one connection) shared by the YCSB threads, or one per thread with
 * memcached.shared=false; ASCII protocol. Inserts are SETs (a
 * load can be repeated on a filled server). An update that carries the whole record (as many
 * fields as fieldcount, e.g. writeallfields=true) is one SET; one that carries fewer fields
 * merges them into the stored record with GETS and CAS, retried on a conflict, so a partial
 * update never drops the other fields (two round trips: it is what a field update costs in a
 * store of opaque values). Any failure (no connection, timeout, an error reply) returns
 * {@link Status#ERROR}; a miss returns {@link Status#NOT_FOUND}. Scans are not supported by
 * memcached.
 */
public final class MemcachedClient extends DB {
  /** Server host (default 127.0.0.1). */
  public static final String HOST = "memcached.host";
  /** Server port (default 11211). */
  public static final String PORT = "memcached.port";
  /** Operation timeout in milliseconds (default 10000). */
  public static final String TIMEOUT = "memcached.timeout";

  /** One connection for all client threads (default true), or one per thread. */
  public static final String SHARED = "memcached.shared";

  private static final int CAS_TRIES = 16;
  // spymemcached multiplexes the threads' requests over one connection and one I/O thread:
  // with one per YCSB thread, a client on one core spends its time switching between twice
  // as many threads.
  private static net.spy.memcached.MemcachedClient sharedClient;
  private static int sharedUsers;
  // Kept so the level set on it stays (java.util.logging holds loggers weakly).
  private static final Logger SPY_LOG = Logger.getLogger("net.spy.memcached");

  private net.spy.memcached.MemcachedClient client;
  private final RecordCodec.RawTranscoder codec = new RecordCodec.RawTranscoder();
  private final ErrorLog errors = new ErrorLog("memcached");
  private int fieldCount;
  private long timeout;
  private boolean shared;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    String addr = p.getProperty(HOST, "127.0.0.1") + ":" + Props.intValue(p, PORT, 11211);
    timeout = Props.intValue(p, TIMEOUT, 10000);
    fieldCount = Props.intValue(p, "fieldcount", 10);
    // spymemcached logs every connection event at INFO on stderr by default.
    System.setProperty("net.spy.log.LoggerImpl", "net.spy.memcached.compat.log.SunLogger");
    SPY_LOG.setLevel(Level.WARNING);
    shared = Boolean.parseBoolean(p.getProperty(SHARED, "true"));
    try {
      client = shared ? acquireShared(addr, timeout) : connect(addr, timeout);
    } catch (IOException | RuntimeException e) {
      throw new DBException("memcached: cannot reach " + addr + ": " + e.getMessage(), e);
    }
  }

  private static net.spy.memcached.MemcachedClient connect(String addr, long timeout)
      throws IOException {
    net.spy.memcached.MemcachedClient c = new net.spy.memcached.MemcachedClient(
        new ConnectionFactoryBuilder()
            .setProtocol(ConnectionFactoryBuilder.Protocol.TEXT)
            .setOpTimeout(timeout)
            .setFailureMode(FailureMode.Cancel)
            .setDaemon(true)
            .build(), AddrUtil.getAddresses(addr));
    c.getVersions();
    return c;
  }

  private static synchronized net.spy.memcached.MemcachedClient acquireShared(String addr,
      long timeout) throws IOException {
    if (sharedClient == null) {
      sharedClient = connect(addr, timeout);
    }
    sharedUsers++;
    return sharedClient;
  }

  private static synchronized void releaseShared(long timeout) {
    if (--sharedUsers == 0) {
      sharedClient.shutdown(timeout, TimeUnit.MILLISECONDS);
      sharedClient = null;
    }
  }

  @Override
  public void cleanup() {
    if (client == null) {
      return;
    }
    if (shared) {
      releaseShared(timeout);
    } else {
      client.shutdown(timeout, TimeUnit.MILLISECONDS);
    }
    client = null;
  }

  private Status fail(String op, String key, Exception e) {
    errors.report(op, key, e);
    return Status.ERROR;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      byte[] data = client.get(key, codec);
      if (data == null) {
        return Status.NOT_FOUND;
      }
      RecordCodec.decode(data, fields, result);
      return Status.OK;
    } catch (RuntimeException e) {
      return fail("read", key, e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return store("insert", key, RecordCodec.encode(values));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    if (values.size() >= fieldCount) {
      return store("update", key, RecordCodec.encode(values));
    }
    try {
      for (int i = 0; i < CAS_TRIES; i++) {
        CASValue<byte[]> old = client.gets(key, codec);
        if (old == null) {
          return Status.NOT_FOUND;
        }
        Map<String, ByteIterator> record = new HashMap<>();
        RecordCodec.decode(old.getValue(), null, record);
        record.putAll(values);
        CASResponse r = client.cas(key, old.getCas(), RecordCodec.encode(record), codec);
        if (r == CASResponse.OK) {
          return Status.OK;
        }
        if (r == CASResponse.NOT_FOUND) {
          return Status.NOT_FOUND;
        }
        if (r != CASResponse.EXISTS) {
          return fail("update", key, new IllegalStateException("cas: " + r));
        }
      }
      return fail("update", key, new IllegalStateException("cas conflict " + CAS_TRIES + " times"));
    } catch (RuntimeException e) {
      return fail("update", key, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      OperationFuture<Boolean> f = client.delete(key);
      if (f.get(timeout, TimeUnit.MILLISECONDS)) {
        return Status.OK;
      }
      OperationStatus s = f.getStatus();
      return s.getMessage().contains("NOT_FOUND") ? Status.NOT_FOUND
          : fail("delete", key, new IllegalStateException(s.getMessage()));
    } catch (Exception e) {
      return fail("delete", key, e);
    }
  }

  private Status store(String op, String key, byte[] data) {
    try {
      OperationFuture<Boolean> f = client.set(key, 0, data, codec);
      if (f.get(timeout, TimeUnit.MILLISECONDS)) {
        return Status.OK;
      }
      return fail(op, key, new IllegalStateException(f.getStatus().getMessage()));
    } catch (Exception e) {
      return fail(op, key, e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }
}
