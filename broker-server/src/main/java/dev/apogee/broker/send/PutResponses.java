package dev.apogee.broker.send;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.message.OffsetMessageId;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SendResponseFields;
import dev.apogee.store.PutResult;

import java.net.InetSocketAddress;

/** Turns a store outcome into the send response the official clients expect (section 2.4). Stateless. */
final class PutResponses {
    private final BrokerConfig config;
    private final InetSocketAddress storeHost;

    PutResponses(BrokerConfig config, InetSocketAddress storeHost) {
        this.config = config;
        this.storeHost = storeHost;
    }

    RemotingCommand toResponse(RemotingCommand request, PutResult result, int queueId, String uniqueKey) {
        int code = code(result);
        RemotingCommand response = RemotingCommand.createResponse(request, code, remark(result));
        if (code == ResponseCode.SUCCESS || code == ResponseCode.FLUSH_DISK_TIMEOUT) {
            response.putExtField("msgId", msgIds(result));
            response.putExtField("queueId", String.valueOf(queueId));
            response.putExtField("queueOffset", String.valueOf(result.queueOffset()));
            if (uniqueKey != null) {
                response.putExtField("transactionId", uniqueKey);
            }
        }
        response.putExtField("MSG_REGION", config.getRegionId());
        response.putExtField("TRACE_ON", String.valueOf(config.isTraceOn()));
        response.putExtField(SendResponseFields.ORDERED_SENDS, "1"); // sends are registered ordered (ProcessorRegistrations)
        return response;
    }

    private String msgIds(PutResult result) {
        long[] offsets = result.physicalOffsets();
        if (offsets.length <= 1) {
            return OffsetMessageId.encode(storeHost, result.wroteOffset());
        }
        StringBuilder ids = new StringBuilder(offsets.length * 33);
        for (int i = 0; i < offsets.length; i++) {
            if (i > 0) {
                ids.append(',');
            }
            ids.append(OffsetMessageId.encode(storeHost, offsets[i]));
        }
        return ids.toString();
    }

    private static int code(PutResult result) {
        return switch (result.status()) {
            case PUT_OK -> ResponseCode.SUCCESS;
            case FLUSH_DISK_TIMEOUT -> ResponseCode.FLUSH_DISK_TIMEOUT;
            case MESSAGE_ILLEGAL, PROPERTIES_SIZE_EXCEEDED -> ResponseCode.MESSAGE_ILLEGAL;
            case OS_PAGE_CACHE_BUSY -> ResponseCode.SYSTEM_BUSY;
            default -> ResponseCode.SERVICE_NOT_AVAILABLE;
        };
    }

    private static String remark(PutResult result) {
        return switch (result.status()) {
            case PUT_OK -> null;
            case FLUSH_DISK_TIMEOUT -> "stored, but the flush to disk timed out";
            case MESSAGE_ILLEGAL -> "the message is illegal: body or total size over the broker's maxMessageSize";
            case PROPERTIES_SIZE_EXCEEDED -> "the message properties are longer than 32767 bytes";
            case OS_PAGE_CACHE_BUSY -> "[PC_SYNCHRONIZED]broker busy, start flow control for a while";
            case DISK_FULL -> ResponseCode.DISK_FULL_REMARK + " the broker's disk is full (used over "
                    + "diskSpaceWarningLevelRatio, or the file system answered ENOSPC): sends are refused; nothing "
                    + "stored is lost, and writing resumes by itself once space is freed";
            case FSYNC_FAILED -> "STORE-FSYNC-FAILED an fsync of the broker's store failed: the broker refuses writes"
                    + " (fail-stop) until an operator checks the disk and restarts it";
            case SERVICE_NOT_AVAILABLE -> "the message store is not writable (shutting down or read-only)";
            default -> "store failed: " + result.status();
        };
    }
}
