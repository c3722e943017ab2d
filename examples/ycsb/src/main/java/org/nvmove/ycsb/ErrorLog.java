// Reports a binding's failed operations on stderr: the first few in full, then a count at exit.
package org.nvmove.ycsb;

import java.util.concurrent.atomic.AtomicLong;

final class ErrorLog {
  /** Failures printed in full per process; YCSB itself counts every one (Return=ERROR). */
  private static final long PRINTED = 5;
  private static final AtomicLong TOTAL = new AtomicLong();

  private final String binding;

  ErrorLog(String binding) {
    this.binding = binding;
  }

  /** Counts one failed operation and prints it while fewer than PRINTED were. */
  void report(String op, String key, Throwable e) {
    long n = TOTAL.incrementAndGet();
    if (n <= PRINTED) {
      System.err.println(binding + ": " + op + " " + key + " failed: " + e);
    } else if (n == PRINTED + 1) {
      System.err.println(binding + ": more failures follow; YCSB counts them as Return=ERROR");
    }
  }
}
