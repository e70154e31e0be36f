package dev.apogee.broker.acl;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One entry of an address list, in the forms the official ACL accepts: {@code *} (everyone), an exact address,
 * an IPv4 pattern whose segments are each a number, {@code *}, a range {@code 1-100} or a set {@code {1,2,3}}
 * ({@code 192.168.0.*}, {@code 10.1.*} = {@code 10.1.*.*}, {@code 192.168.1.{1,2}}, {@code 10.0.0.1-50}), or an
 * IPv4 CIDR block {@code 10.0.0.0/8}. IPv6 addresses match exactly. Immutable.
 */
final class AddressPattern {
    private static final int ANY_ADDRESS = -1;
    private final String text;
    /** Per IPv4 segment the allowed values as a 256-bit mask; null for exact (IPv6) or CIDR patterns. */
    private final long[][] segments;
    private final int cidrBase;
    private final int cidrBits;

    private AddressPattern(String text, long[][] segments, int cidrBase, int cidrBits) {
        this.text = text;
        this.segments = segments;
        this.cidrBase = cidrBase;
        this.cidrBits = cidrBits;
    }

    /** Splits a comma-separated list (commas inside {@code {}} belong to a set) into patterns. */
    static List<AddressPattern> parseList(String list) {
        List<AddressPattern> patterns = new ArrayList<>();
        if (list == null) {
            return patterns;
        }
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= list.length(); i++) {
            char c = i < list.length() ? list.charAt(i) : ',';
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                String item = list.substring(start, i).trim();
                if (!item.isEmpty()) {
                    patterns.add(parse(item));
                }
                start = i + 1;
            }
        }
        return patterns;
    }

    static AddressPattern parse(String pattern) {
        String text = pattern.trim();
        if (text.equals("*") || text.equals("*.*.*.*")) {
            return new AddressPattern(text, null, 0, ANY_ADDRESS);
        }
        if (text.indexOf(':') >= 0) {
            return new AddressPattern(canonicalIpv6(text), null, 0, 0);
        }
        int slash = text.indexOf('/');
        if (slash > 0) {
            int bits = Integer.parseInt(text.substring(slash + 1).trim());
            if (bits < 0 || bits > 32) {
                throw new IllegalArgumentException("bad CIDR prefix in address pattern '" + text + "'");
            }
            return new AddressPattern(text, null, ipv4(text.substring(0, slash)), bits);
        }
        String[] parts = text.split("\\.", -1);
        if (parts.length > 4 || (parts.length < 4 && !parts[parts.length - 1].equals("*"))) {
            throw new IllegalArgumentException("address pattern '" + text + "' is not an IPv4 pattern");
        }
        long[][] segments = new long[4][];
        for (int i = 0; i < 4; i++) {
            segments[i] = segment(i < parts.length ? parts[i].trim() : "*", text);
        }
        return new AddressPattern(text, segments, 0, 0);
    }

    /** {@code ::1} and {@code 0:0:0:0:0:0:0:1} are the same address; a literal never triggers a DNS lookup. */
    private static String canonicalIpv6(String text) {
        try {
            return InetAddress.getByName(text).getHostAddress().toLowerCase(Locale.ROOT);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + text + "' is not an IPv6 address", e);
        }
    }

    private static long[] segment(String part, String text) {
        long[] mask = new long[4];
        if (part.equals("*")) {
            Arrays.fill(mask, -1L);
            return mask;
        }
        String[] values = part.startsWith("{") && part.endsWith("}")
                ? part.substring(1, part.length() - 1).split(",") : new String[] {part};
        for (String value : values) {
            String[] range = value.trim().split("-", -1);
            int low = octet(range[0], text);
            int high = range.length == 2 ? octet(range[1], text) : low;
            if (range.length > 2 || high < low) {
                throw new IllegalArgumentException("bad range '" + value + "' in address pattern '" + text + "'");
            }
            for (int v = low; v <= high; v++) {
                mask[v >>> 6] |= 1L << (v & 63);
            }
        }
        return mask;
    }

    private static int octet(String value, String text) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v >= 0 && v <= 255) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + value + "' is not 0..255 in address pattern '" + text + "'");
    }

    private static int ipv4(String address) {
        String[] parts = address.trim().split("\\.");
        if (parts.length != 4) {
            throw new IllegalArgumentException("'" + address + "' is not an IPv4 address");
        }
        int value = 0;
        for (String part : parts) {
            value = (value << 8) | octet(part, address);
        }
        return value;
    }

    /** Whether the textual address {@code ip} (as {@code InetAddress.getHostAddress()} writes it) matches. */
    boolean matches(String ip) {
        if (cidrBits == ANY_ADDRESS) {
            return true;
        }
        if (ip == null) {
            return false;
        }
        boolean v4 = ip.indexOf(':') < 0;
        if (segments != null) {
            return v4 && matchesSegments(ip);
        }
        if (cidrBits > 0 || text.indexOf('/') > 0) {
            if (!v4) {
                return false;
            }
            int mask = cidrBits == 0 ? 0 : -1 << (32 - cidrBits);
            return (ipv4(ip) & mask) == (cidrBase & mask);
        }
        return text.equalsIgnoreCase(ip);
    }

    private boolean matchesSegments(String ip) {
        String[] parts = ip.split("\\.");
        if (parts.length != 4) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            int v = Integer.parseInt(parts[i]);
            if ((segments[i][v >>> 6] & (1L << (v & 63))) == 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return text;
    }
}
