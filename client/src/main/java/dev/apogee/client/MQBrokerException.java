package dev.apogee.client;

import dev.apogee.remoting.protocol.ResponseCode;

/** An error response from a broker or name server: its response code and remark. */
public class MQBrokerException extends MQClientException {
    private final String address;
    private final String remark;

    public MQBrokerException(int responseCode, String remark, String address) {
        super(responseCode, "CODE: " + responseCode + " DESC: " + remark + " BROKER: " + address);
        this.address = address;
        this.remark = remark;
    }

    public String address() {
        return address;
    }

    public String remark() {
        return remark;
    }

    /** The broker refused the send because its disk is full (it resumes by itself once space is freed). */
    public boolean isDiskFull() {
        return responseCode() == ResponseCode.SERVICE_NOT_AVAILABLE && remark != null
                && remark.startsWith(ResponseCode.DISK_FULL_REMARK);
    }
}
