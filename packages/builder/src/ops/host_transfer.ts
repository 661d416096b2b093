/** Host and device transfers: infeed, outfeed, send/recv pairs. */
import { type Shape, ShapeError, shape, shapeToString, shapesEqual, tupleShape } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";

export function infeedWithToken(r: Recorder, token: XlaOp, s: Shape, config: string): XlaOp {
  return r.add("infeed", [token], { infeedConfig: config }, { declared: tupleShape([s, shape("token", [])]) });
}

export function outfeedWithToken(r: Recorder, operand: XlaOp, token: XlaOp, shapeWithLayout: Shape, outfeedConfig: string): XlaOp {
  return r.add("outfeed", [operand, token], { outfeedShape: shapeWithLayout, outfeedConfig });
}

/** send + send-done; gives send-done's token. */
export function sendPair(r: Recorder, operand: XlaOp, token: XlaOp, channelId: number, isHostTransfer: boolean): XlaOp {
  const send = r.add("send", [operand, token], { channelId, isHostTransfer });
  return r.add("send-done", [send], { channelId, isHostTransfer });
}

/** recv + recv-done; gives (data, token). */
export function recvPair(r: Recorder, token: XlaOp, s: Shape, channelId: number, isHostTransfer: boolean): XlaOp {
  const declared = tupleShape([s, shape("u32", []), shape("token", [])]);
  const recv = r.add("recv", [token], { channelId, isHostTransfer }, { declared });
  return r.add("recv-done", [recv], { channelId, isHostTransfer });
}

export function sendToHost(r: Recorder, operand: XlaOp, token: XlaOp, shapeWithLayout: Shape, channelId: number): XlaOp {
  if (!shapesEqual(shapeWithLayout, operand.shape)) {
    throw new ShapeError(`send: SendToHost shape ${shapeToString(shapeWithLayout)} must be compatible with operand shape ${shapeToString(operand.shape)}`);
  }
  return sendPair(r, operand, token, channelId, true);
}
