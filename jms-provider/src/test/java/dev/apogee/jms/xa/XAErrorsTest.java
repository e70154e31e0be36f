package dev.apogee.jms.xa;

import dev.apogee.jms.provider.BranchFailure;
import dev.apogee.jms.provider.BranchFailure.Reason;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;

import javax.transaction.xa.XAException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Branch failure reasons map to the XA error codes the specification asks for. */
class XAErrorsTest {

    private static String code(Reason reason, boolean rollingBack) {
        return XAErrors.name(XAErrors.translate("op", new BranchFailure(reason, "failed", null), rollingBack)
                .errorCode);
    }

    @Test
    void reasonsMapToXaCodes() {
        Object[][] table = {
            {Reason.UNKNOWN_BRANCH, false, XAException.XAER_NOTA},
            {Reason.UNKNOWN_BRANCH, true, XAException.XAER_NOTA},
            {Reason.ROLLED_BACK, false, XAException.XA_RBROLLBACK},
            {Reason.COMMITTED, true, XAException.XA_HEURCOM},
            {Reason.COMMITTED, false, XAException.XAER_PROTO},
            {Reason.INVALID, false, XAException.XA_RBINTEGRITY},
            {Reason.NOT_SUPPORTED, false, XAException.XAER_RMERR},
            {Reason.UNAVAILABLE, false, XAException.XAER_RMFAIL},
            {Reason.UNAVAILABLE, true, XAException.XAER_RMFAIL},
        };
        for (Object[] row : table) {
            assertEquals(XAErrors.name((int) row[2]), code((Reason) row[0], (boolean) row[1]),
                    row[0] + (((boolean) row[1]) ? " on rollback" : ""));
        }
        assertEquals("XAER_RMERR", XAErrors.name(XAErrors.translate("op", new JMSException("other"), false)
                .errorCode));
    }
}
