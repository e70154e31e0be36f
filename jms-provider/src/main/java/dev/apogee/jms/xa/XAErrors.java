package dev.apogee.jms.xa;

import dev.apogee.jms.provider.BranchFailure;
import jakarta.jms.JMSException;

import javax.transaction.xa.XAException;

/** Builds XAExceptions with an error code and a message, and maps branch failures to codes, in one place. */
final class XAErrors {
    private XAErrors() {
    }

    static XAException of(int code, String message) {
        XAException e = new XAException(message + " (" + name(code) + ")");
        e.errorCode = code;
        return e;
    }

    static XAException of(int code, String message, Throwable cause) {
        XAException e = of(code, message);
        e.initCause(cause);
        return e;
    }

    /**
     * The XA code for a failed branch operation: {@code rollingBack} makes a COMMITTED answer heuristic
     * (XA_HEURCOM) rather than a protocol error.
     */
    static XAException translate(String what, JMSException failure, boolean rollingBack) {
        int code;
        if (failure instanceof BranchFailure f) {
            code = switch (f.reason()) {
                case UNKNOWN_BRANCH -> XAException.XAER_NOTA;
                case ROLLED_BACK -> XAException.XA_RBROLLBACK;
                case COMMITTED -> rollingBack ? XAException.XA_HEURCOM : XAException.XAER_PROTO;
                case INVALID -> XAException.XA_RBINTEGRITY;
                case NOT_SUPPORTED -> XAException.XAER_RMERR;
                case UNAVAILABLE -> XAException.XAER_RMFAIL;
            };
        } else {
            code = XAException.XAER_RMERR;
        }
        return of(code, what + ": " + failure.getMessage(), failure);
    }

    static String name(int code) {
        return switch (code) {
            case XAException.XA_RBROLLBACK -> "XA_RBROLLBACK";
            case XAException.XA_RBINTEGRITY -> "XA_RBINTEGRITY";
            case XAException.XA_RBTIMEOUT -> "XA_RBTIMEOUT";
            case XAException.XA_HEURCOM -> "XA_HEURCOM";
            case XAException.XA_HEURRB -> "XA_HEURRB";
            case XAException.XA_HEURMIX -> "XA_HEURMIX";
            case XAException.XAER_NOTA -> "XAER_NOTA";
            case XAException.XAER_PROTO -> "XAER_PROTO";
            case XAException.XAER_INVAL -> "XAER_INVAL";
            case XAException.XAER_DUPID -> "XAER_DUPID";
            case XAException.XAER_RMERR -> "XAER_RMERR";
            case XAException.XAER_RMFAIL -> "XAER_RMFAIL";
            case XAException.XAER_OUTSIDE -> "XAER_OUTSIDE";
            default -> "XA error " + code;
        };
    }
}
