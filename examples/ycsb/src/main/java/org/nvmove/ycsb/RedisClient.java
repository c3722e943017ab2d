// YCSB binding for Redis: each record is one hash (HSET to write, HGETALL or HMGET to read), on Jedis.
package org.nvmove.ycsb;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One connection per YCSB client thread (YCSB makes one DB object per thread). The table name is
 * not part of the key: a Redis database holds one table. A failed command (connection refused or
 * reset, timeout, error reply) returns {@link Status#ERROR}; the connection is then dropped and
 * made again by the next operation, so a run goes on after a server restart. Scans are not
 * implemented: none of the evaluation's workloads scan, and an index for them would add a write
 * to every insert.
 */
public final class RedisClient extends DB {
  /** Server host (default 127.0.0.1). */
  public static final String HOST = "redis.host";
  /** Server port (default 6379). */
  public static final String PORT = "redis.port";
  /** Connect and read timeout in milliseconds (default 10000). */
  public static final String TIMEOUT = "redis.timeout";

  private String host;
  private int port;
  private int timeout;
  private Jedis jedis;
  private final ErrorLog errors = new ErrorLog("redis");

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    host = p.getProperty(HOST, "127.0.0.1");
    port = Props.intValue(p, PORT, 6379);
    timeout = Props.intValue(p, TIMEOUT, 10000);
    try {
      connection().ping();
    } catch (JedisException e) {
      throw new DBException("redis: cannot reach " + host + ":" + port + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void cleanup() {
    drop();
  }

  private Jedis connection() {
    if (jedis == null) {
      jedis = new Jedis(host, port, timeout);
    }
    return jedis;
  }

  private void drop() {
    if (jedis != null) {
      try {
        jedis.close();
      } catch (RuntimeException e) {
        // The connection is already broken; nothing left to release.
      }
      jedis = null;
    }
  }

  private Status fail(String op, String key, RuntimeException e) {
    errors.report(op, key, e);
    drop();
    return Status.ERROR;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      if (fields == null) {
        Map<String, String> all = connection().hgetAll(key);
        if (all.isEmpty()) {
          return Status.NOT_FOUND;
        }
        StringByteIterator.putAllAsByteIterators(result, all);
        return Status.OK;
      }
      String[] names = fields.toArray(new String[0]);
      List<String> values = connection().hmget(key, names);
      boolean found = false;
      for (int i = 0; i < names.length; i++) {
        if (values.get(i) != null) {
          result.put(names[i], new StringByteIterator(values.get(i)));
          found = true;
        }
      }
      return found ? Status.OK : Status.NOT_FOUND;
    } catch (JedisException e) {
      return fail("read", key, e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return write("insert", key, values);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return write("update", key, values);
  }

  private Status write(String op, String key, Map<String, ByteIterator> values) {
    try {
      // HSET with several field/value pairs (Redis >= 4): one command, one round trip. Its reply
      // counts the fields that are new, so any integer reply is success.
      connection().hset(key, StringByteIterator.getStringMap(values));
      return Status.OK;
    } catch (JedisException e) {
      return fail(op, key, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      return connection().del(key) == 1 ? Status.OK : Status.NOT_FOUND;
    } catch (JedisException e) {
      return fail("delete", key, e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }
}
