package dev.apogee.jms.xa;

import javax.transaction.xa.Xid;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * An immutable {@link Xid} with value equality, and its branch-id form {@code X:<formatId>:<hex gtrid>:<hex bqual>}
 * (at most 2 + 11 + 1 + 128 + 1 + 128 = 271 characters, within the broker's 300). Transaction managers' Xid objects
 * rarely implement equals, so every Xid is copied into this form before it is used as a key.
 */
public final class BranchXid implements Xid {
    private static final String PREFIX = "X:";
    private static final HexFormat HEX = HexFormat.of();

    private final int formatId;
    private final byte[] gtrid;
    private final byte[] bqual;

    public BranchXid(int formatId, byte[] gtrid, byte[] bqual) {
        this.formatId = formatId;
        this.gtrid = gtrid.clone();
        this.bqual = bqual.clone();
    }

    /** A value copy of {@code xid}; null for a null or malformed Xid (over 64 bytes, formatId -1). */
    public static BranchXid of(Xid xid) {
        if (xid == null || xid.getFormatId() == -1) {
            return null;
        }
        byte[] g = xid.getGlobalTransactionId();
        byte[] b = xid.getBranchQualifier();
        if (g == null || b == null || g.length == 0 || g.length > MAXGTRIDSIZE || b.length > MAXBQUALSIZE) {
            return null;
        }
        return xid instanceof BranchXid own ? own : new BranchXid(xid.getFormatId(), g, b);
    }

    /** The Xid of a branch id, or null when the id is not an XA branch (a local {@code L:} transaction). */
    public static BranchXid parse(String branchId) {
        if (branchId == null || !branchId.startsWith(PREFIX)) {
            return null;
        }
        String[] parts = branchId.substring(PREFIX.length()).split(":", -1);
        if (parts.length != 3) {
            return null;
        }
        try {
            return new BranchXid(Integer.parseInt(parts[0]), HEX.parseHex(parts[1]), HEX.parseHex(parts[2]));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** This Xid's branch id on the brokers. */
    public String branchId() {
        return PREFIX + formatId + ":" + HEX.formatHex(gtrid) + ":" + HEX.formatHex(bqual);
    }

    @Override
    public int getFormatId() {
        return formatId;
    }

    @Override
    public byte[] getGlobalTransactionId() {
        return gtrid.clone();
    }

    @Override
    public byte[] getBranchQualifier() {
        return bqual.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BranchXid x && x.formatId == formatId && Arrays.equals(x.gtrid, gtrid)
                && Arrays.equals(x.bqual, bqual);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * formatId + Arrays.hashCode(gtrid)) + Arrays.hashCode(bqual);
    }

    @Override
    public String toString() {
        return branchId();
    }
}
