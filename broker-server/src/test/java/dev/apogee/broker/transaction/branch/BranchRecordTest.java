package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.protocol.body.BranchBody;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The branch log record and the branch id rule, as pure functions. */
class BranchRecordTest {
    private static final BranchBody BODY = new BranchBody(
            List.of(new BranchBody.Half(4096, "7F0000010000001000", "uniq-1"), new BranchBody.Half(8192, null, null)),
            List.of(new BranchBody.Ack("g", "t", 3, 17)),
            List.of(new BranchBody.PopAck("g", "t", 1, 5, "0 1700000000000 60000 0 0 broker-a 1 5")));

    @ParameterizedTest
    @EnumSource(BranchRecord.Type.class)
    void everyRecordTypeSurvivesEncodeAndDecode(BranchRecord.Type type) {
        BranchRecord record = new BranchRecord(type, "X:1:ab:cd", "pg", BODY);
        BranchRecord decoded = BranchRecord.decode(record.encode());
        assertEquals(record.type(), decoded.type());
        assertEquals(record.branchId(), decoded.branchId());
        assertEquals(record.producerGroup(), decoded.producerGroup());
        assertEquals(BODY.halves(), decoded.branch().halves());
        assertEquals(BODY.acks(), decoded.branch().acks());
        assertEquals(BODY.popAcks(), decoded.branch().popAcks());
    }

    @Test
    void aRecordWithoutPopAcksReadsAsNone() {
        String json = "{\"type\":\"COMMIT_STORED\",\"branchId\":\"L:1\",\"producerGroup\":\"pg\","
                + "\"branch\":{\"halves\":[],\"acks\":[{\"group\":\"g\",\"topic\":\"t\",\"queueId\":0,"
                + "\"nextOffset\":2}]}}";
        BranchRecord decoded = BranchRecord.decode(json.getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(), decoded.branch().popAcks());
        assertEquals(1, decoded.branch().acks().size());
        // and a branch without pop acks is written without the member, as before
        assertEquals(-1, new String(new BranchRecord(BranchRecord.Type.COMMIT, "L:1", "pg", BranchRecord.EMPTY)
                .encode(), StandardCharsets.UTF_8).indexOf("popAcks"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"branchId\":\"L:1\"}",
        "{\"type\":\"NOPE\",\"branchId\":\"L:1\"}",
        "{\"type\":\"DONE\"}",
        "not json",
    })
    void malformedRecordsAreRefused(String json) {
        assertThrows(RuntimeException.class, () -> BranchRecord.decode(json.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @CsvSource({
        "L:0b6f7a52-1c2e-4c8e-9d7a-3c1f2b4a5e6d, true",
        "X:4660:0a1b:ff, true",
        "a.b_c-d, true",
        "'', false",
        "has space, false",
        "slash/no, false",
        "ünicode, false",
    })
    void branchIds(String id, boolean valid) {
        assertEquals(valid, BranchBody.isValidBranchId(id));
    }

    @ParameterizedTest
    @CsvSource({"300, true", "301, false"})
    void branchIdLengthLimit(int length, boolean valid) {
        assertEquals(valid, BranchBody.isValidBranchId("L".repeat(length)));
    }
}
