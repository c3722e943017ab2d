// Reading typed binding properties, failing with the property's name when a value is malformed.
package org.nvmove.ycsb;

import java.util.Properties;

import site.ycsb.DBException;

final class Props {
  private Props() {
  }

  /** The integer value of NAME, DEFAULT when unset; throws DBException naming NAME when malformed. */
  static int intValue(Properties p, String name, int dflt) throws DBException {
    String v = p.getProperty(name);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new DBException("property " + name + ": '" + v + "' is not an integer");
    }
  }
}
