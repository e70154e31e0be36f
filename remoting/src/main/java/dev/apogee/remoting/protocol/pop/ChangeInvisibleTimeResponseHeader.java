package dev.apogee.remoting.protocol.pop;

import dev.apogee.remoting.protocol.CommandHeader;
import dev.apogee.remoting.protocol.HeaderFields;
import java.util.Map;

/** CHANGE_MESSAGE_INVISIBLETIME response header: the time fields of the message's new {@link ReceiptHandle}. */
public record ChangeInvisibleTimeResponseHeader(long popTime, long invisibleTime, int reviveQid)
        implements CommandHeader {

    @Override
    public void writeTo(Map<String, String> extFields) {
        extFields.put("popTime", String.valueOf(popTime));
        extFields.put("invisibleTime", String.valueOf(invisibleTime));
        extFields.put("reviveQid", String.valueOf(reviveQid));
    }

    public static ChangeInvisibleTimeResponseHeader read(HeaderFields h) {
        return new ChangeInvisibleTimeResponseHeader(h.requireLong("popTime"), h.requireLong("invisibleTime"),
                h.requireInt("reviveQid"));
    }
}
