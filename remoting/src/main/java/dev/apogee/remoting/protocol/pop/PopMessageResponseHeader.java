package dev.apogee.remoting.protocol.pop;

import dev.apogee.remoting.protocol.CommandHeader;
import dev.apogee.remoting.protocol.HeaderFields;
import java.util.Map;

/**
 * POP_MESSAGE response header: the pop's time, invisible time and revive queue (shared by all its messages), the
 * messages left to pop ({@code restNum}) and the offset strings of {@link PopInfoCodec}.
 */
public record PopMessageResponseHeader(long popTime, long invisibleTime, int reviveQid, long restNum,
                                       String startOffsetInfo, String msgOffsetInfo, String orderCountInfo)
        implements CommandHeader {

    @Override
    public void writeTo(Map<String, String> extFields) {
        extFields.put("popTime", String.valueOf(popTime));
        extFields.put("invisibleTime", String.valueOf(invisibleTime));
        extFields.put("reviveQid", String.valueOf(reviveQid));
        extFields.put("restNum", String.valueOf(restNum));
        CommandHeader.put(extFields, "startOffsetInfo", startOffsetInfo);
        CommandHeader.put(extFields, "msgOffsetInfo", msgOffsetInfo);
        CommandHeader.put(extFields, "orderCountInfo", orderCountInfo);
    }

    public static PopMessageResponseHeader read(HeaderFields h) {
        return new PopMessageResponseHeader(h.requireLong("popTime"), h.requireLong("invisibleTime"),
                h.requireInt("reviveQid"), h.requireLong("restNum"), h.optionalString("startOffsetInfo"),
                h.optionalString("msgOffsetInfo"), h.optionalString("orderCountInfo"));
    }
}
