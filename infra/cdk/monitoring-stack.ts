import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { RouteDef } from '../../functions/core/routes';
import type { ApiMetrics } from './api-stack';

export interface MonitoringStackProps extends StackProps {
  stage: string;
  /** The organisers' operations address; unset (development) the topic has no subscriber. */
  alarmEmail?: string;
  apiId: string;
  /** Every route's function by its fixed name (no cross-stack export to pin them). */
  functions: { route: RouteDef; functionName: string }[];
  tableName: string;
  apiMetrics: ApiMetrics;
  /** Functions without a route (workers), with the dead-letter queue of each. */
  workers: { id: string; functionName: string; deadLetterQueueName: string }[];
  /** Queues no worker consumes yet, with their dead-letter queues (alarmed as the workers' are). */
  unconsumedQueues?: { queue: string; deadLetterQueueName: string }[];
}

/** Thresholds, in one place (the runbook explains each alarm). */
export const alarmThresholds = {
  /** Share of API answers that are 5xx over 5 minutes. */
  api5xxRate: 0.02,
  /** Requests refused with 429 in 5 minutes (by the gateway's throttles). */
  throttled: 50,
  /** Function errors in 5 minutes, per group. */
  functionErrors: 5,
  /** SES bounce rate (AWS reviews an account at 5 %, may pause it at 10 %). */
  sesBounceRate: 0.04,
  /** SES complaint rate (review at 0.1 %, pause at 0.5 %). */
  sesComplaintRate: 0.0008,
} as const;

/** A metric math alarm may use at most 10 metrics: groups of functions are cut into parts of this size. */
const METRICS_PER_ALARM = 10;

/** The function group of a route: the folder of its handler (accounts, abstracts, registration, payments, ...). */
export const functionGroupOf = (route: RouteDef) => route.handler.split('/')[0]!;

/**
 * Alarms to one SNS topic (mailed to the operations address) and a dashboard. Every alarm treats
 * missing data as not breaching: no traffic is not a fault.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: `Congress portal (${props.stage}) alarms`, enforceSSL: true });
    if (props.alarmEmail) {
      const subscription = new subscriptions.EmailSubscription(props.alarmEmail);
      this.topic.addSubscription(subscription);
      for (const c of this.topic.node.findAll()) {
        if (c instanceof sns.Subscription) {
          Validations.of(c).acknowledge({
            id: 'Serverless-SNSRedrivePolicy',
            reason: 'An e-mail subscription for alarms: a lost notification leaves the alarm in ALARM on the dashboard, and the OK/ALARM pair is sent again on the next change.',
          });
        }
      }
    }
    const notify = new actions.SnsAction(this.topic);
    const period = Duration.minutes(5);
    const alarm = (alarmId: string, description: string, metric: cloudwatch.IMetric, threshold: number, evaluationPeriods = 1) => {
      const a = new cloudwatch.Alarm(this, alarmId, {
        alarmName: `congress-${props.stage}-${alarmId}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(notify);
      a.addOkAction(notify);
      this.alarms.push(a);
      return a;
    };

    // API: share of 5xx answers, and requests refused by the gateway's throttles.
    const apiMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: props.apiId }, statistic: 'Sum', period });
    const api5xxRate = new cloudwatch.MathExpression({
      expression: 'IF(requests > 20, errors / requests, 0)',
      usingMetrics: { errors: apiMetric('5xx'), requests: apiMetric('Count') },
      period,
      label: 'API 5xx rate',
    });
    alarm('Api5xxRate', `More than ${alarmThresholds.api5xxRate * 100} % of API answers were 5xx (5 min).`, api5xxRate, alarmThresholds.api5xxRate);
    alarm('ApiThrottled', 'Requests refused with 429 by the API throttles (a flood, or limits too low for real traffic).', props.apiMetrics.throttled.with({ period }), alarmThresholds.throttled);

    // Functions: errors and throttles per group (a metric math alarm takes at most 10 metrics).
    const fnMetric = (functionName: string, metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, dimensionsMap: { FunctionName: functionName }, statistic: 'Sum', period });
    const groups = new Map<string, string[]>();
    for (const { route, functionName } of props.functions) groups.set(functionGroupOf(route), [...(groups.get(functionGroupOf(route)) ?? []), functionName]);
    // Metric ids are unique across a graph: the group's name is in each.
    const sumOf = (fns: string[], metricName: string, label: string) =>
      new cloudwatch.MathExpression({
        expression: fns.map((_, i) => `${metricName.toLowerCase()}_${label.replace(/\W/g, '')}_${i}`).join(' + '),
        usingMetrics: Object.fromEntries(fns.map((fn, i) => [`${metricName.toLowerCase()}_${label.replace(/\W/g, '')}_${i}`, fnMetric(fn, metricName)])),
        period,
        label,
      });
    const errorWidgets: cloudwatch.IMetric[] = [];
    for (const [group, fns] of groups) {
      for (let part = 0; part * METRICS_PER_ALARM < fns.length; part++) {
        const slice = fns.slice(part * METRICS_PER_ALARM, (part + 1) * METRICS_PER_ALARM);
        const name = fns.length > METRICS_PER_ALARM ? `${group}${part + 1}` : group;
        const errors = sumOf(slice, 'Errors', `${name} errors`);
        errorWidgets.push(errors);
        alarm(`Errors-${name}`, `Functions of the ${group} routes failed (${alarmThresholds.functionErrors}+ errors in 5 min).`, errors, alarmThresholds.functionErrors);
        alarm(`Throttles-${name}`, `Functions of the ${group} routes were throttled (concurrency limit reached).`, sumOf(slice, 'Throttles', `${name} throttles`), 1);
      }
    }

    // Workers: errors, and anything in a dead-letter queue (an event given up on).
    const deadLetters = (queueName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SQS', metricName: 'ApproximateNumberOfMessagesVisible', dimensionsMap: { QueueName: queueName }, statistic: 'Maximum', period });
    for (const w of props.workers) {
      alarm(`Errors-${w.id}`, `The ${w.id} worker failed (${alarmThresholds.functionErrors}+ errors in 5 min).`, fnMetric(w.functionName, 'Errors'), alarmThresholds.functionErrors);
      alarm(`DeadLetters-${w.id}`, `Events the ${w.id} worker gave up on are waiting in ${w.deadLetterQueueName}: look at them, fix, and redrive.`, deadLetters(w.deadLetterQueueName), 1);
    }
    for (const q of props.unconsumedQueues ?? []) {
      alarm(`DeadLetters-${q.queue}`, `Messages of the ${q.queue} queue are waiting in its dead-letter queue ${q.deadLetterQueueName}: look at them, fix, and redrive.`, deadLetters(q.deadLetterQueueName), 1);
    }

    // The Stripe webhook: any failure (Stripe retries for up to three days, then gives up).
    const webhook = props.functions.find(({ route }) => route.auth === 'stripe-signature')!;
    alarm('WebhookErrors', 'The Stripe webhook function failed: payments may not be recorded. Stripe retries for three days.', fnMetric(webhook.functionName, 'Errors'), 1);
    alarm('WebhookFailures', 'Stripe webhook deliveries answered with a non-2xx status (bad signature, wrong secret, or an error).', props.apiMetrics.webhookFailures.with({ period }), 3);

    // DynamoDB: any throttled request.
    const tableMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: props.tableName }, statistic: 'Sum', period });
    alarm('TableReadThrottles', 'DynamoDB throttled reads of the table.', tableMetric('ReadThrottleEvents'), 1);
    alarm('TableWriteThrottles', 'DynamoDB throttled writes to the table.', tableMetric('WriteThrottleEvents'), 1);

    // SES reputation (account-wide metrics, published for the account's sending).
    const ses = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    alarm('SesBounceRate', 'The SES bounce rate is close to the level at which AWS reviews the account (5 %).', ses('Reputation.BounceRate'), alarmThresholds.sesBounceRate);
    alarm('SesComplaintRate', 'The SES complaint rate is close to the level at which AWS reviews the account (0.1 %).', ses('Reputation.ComplaintRate'), alarmThresholds.sesComplaintRate);

    new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `congress-${props.stage}`,
      widgets: [
        [
          new cloudwatch.GraphWidget({ title: 'API requests and errors', left: [apiMetric('Count'), apiMetric('4xx'), apiMetric('5xx')], width: 12 }),
          new cloudwatch.GraphWidget({ title: 'API 5xx rate and 429s', left: [api5xxRate], right: [props.apiMetrics.throttled.with({ period })], width: 12 }),
        ],
        [
          new cloudwatch.GraphWidget({ title: 'Function errors by group', left: errorWidgets, width: 12 }),
          new cloudwatch.GraphWidget({ title: 'Stripe webhook', left: [fnMetric(webhook.functionName, 'Invocations'), fnMetric(webhook.functionName, 'Errors'), props.apiMetrics.webhookFailures.with({ period })], width: 12 }),
        ],
        [
          new cloudwatch.GraphWidget({ title: 'DynamoDB throttles', left: [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents')], width: 12 }),
          new cloudwatch.GraphWidget({ title: 'SES reputation', left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')], width: 12 }),
        ],
        [new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 })],
      ],
    });
  }
}
